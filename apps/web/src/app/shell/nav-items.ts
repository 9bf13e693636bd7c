// The sidebar's sections and entries (spec §2): General, Automation, Other.
import type { Icon } from '@tabler/icons-react';
import {
  IconBuildingStore,
  IconChecklist,
  IconFolders,
  IconLayoutDashboard,
  IconMapPin,
  IconReportAnalytics,
  IconRoute,
  IconSettings,
  IconTicket,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: Icon;
}

export interface NavSection {
  labelKey: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    labelKey: 'nav.general',
    items: [
      { to: '/', labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
      { to: '/projects', labelKey: 'nav.projects', icon: IconFolders },
      { to: '/sites', labelKey: 'nav.sites', icon: IconMapPin },
      { to: '/members', labelKey: 'nav.members', icon: IconUsers },
    ],
  },
  {
    labelKey: 'nav.automation',
    items: [
      { to: '/tasks', labelKey: 'nav.tasks', icon: IconChecklist },
      { to: '/tracker', labelKey: 'nav.tracker', icon: IconRoute },
      { to: '/reports', labelKey: 'nav.reports', icon: IconReportAnalytics },
    ],
  },
  {
    labelKey: 'nav.other',
    items: [
      { to: '/business', labelKey: 'nav.business', icon: IconBuildingStore },
      { to: '/settings', labelKey: 'nav.settings', icon: IconSettings },
      { to: '/profile', labelKey: 'nav.profile', icon: IconUserCircle },
      { to: '/tickets', labelKey: 'nav.tickets', icon: IconTicket },
    ],
  },
];

export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

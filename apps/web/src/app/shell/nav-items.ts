// The sidebar's sections and entries (spec §2): General, Automation, Other.
import type { Icon } from '@tabler/icons-react';
import {
  IconBuildingStore,
  IconChecklist,
  IconFolders,
  IconHistory,
  IconLayoutDashboard,
  IconMapPinCheck,
  IconMapPin,
  IconPhotoSearch,
  IconReportAnalytics,
  IconRoute,
  IconSettings,
  IconTicket,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: Icon;
  /** Shown to owners and administrators alone. */
  adminsOnly?: boolean;
}

export interface NavSection {
  labelKey: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    labelKey: 'nav.general',
    items: [
      { to: paths.home, labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
      { to: paths.projects, labelKey: 'nav.projects', icon: IconFolders },
      { to: paths.sites, labelKey: 'nav.sites', icon: IconMapPin },
      { to: paths.sitesMap, labelKey: 'nav.sitesMap', icon: IconMapPinCheck },
      { to: paths.members, labelKey: 'nav.members', icon: IconUsers },
    ],
  },
  {
    labelKey: 'nav.automation',
    items: [
      { to: paths.tasks, labelKey: 'nav.tasks', icon: IconChecklist },
      { to: paths.tracker, labelKey: 'nav.tracker', icon: IconRoute },
      { to: paths.reports, labelKey: 'nav.reports', icon: IconReportAnalytics },
      { to: paths.photoReviews, labelKey: 'nav.photoReviews', icon: IconPhotoSearch },
    ],
  },
  {
    labelKey: 'nav.other',
    items: [
      { to: paths.business, labelKey: 'nav.business', icon: IconBuildingStore },
      { to: paths.settings, labelKey: 'nav.settings', icon: IconSettings },
      { to: paths.profile, labelKey: 'nav.profile', icon: IconUserCircle },
      { to: paths.tickets, labelKey: 'nav.tickets', icon: IconTicket },
      { to: paths.auditLog, labelKey: 'nav.auditLog', icon: IconHistory, adminsOnly: true },
    ],
  },
];

export function isActivePath(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === paths.home;
  // The sites map sits under /sites but is an entry of its own.
  if (to === paths.sites && pathname === paths.sitesMap) return false;
  // So does the photo review under /reports.
  if (to === paths.reports && pathname === paths.photoReviews) return false;
  return pathname === to || pathname.startsWith(`${to}/`);
}

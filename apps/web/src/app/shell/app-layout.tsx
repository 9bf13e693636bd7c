// The signed-in shell: header (brand, quick actions, language, the notification bell, user), sidebar on the
// inline-start side (a burger on small screens), the pending-invitations banner and the routed
// page.
import { Suspense, useEffect, useState } from 'react';
import { AppShell, Burger, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { firstScreenPath, setFirstScreenPath } from '../first-screen-answers.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { BusinessBrand } from './business-brand.tsx';
import { InvitationsBanner } from './invitations-banner.tsx';
import { OfflineBar } from './offline-bar.tsx';
import { QuickActions } from './quick-actions.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const narrow = !wide;
  // On a phone the menu is off screen until the burger opens it: it is drawn then, not with the
  // first page, and stays once drawn.
  const [menuDrawn, setMenuDrawn] = useState(false);
  if (opened && !menuDrawn) setMenuDrawn(true);
  const drawMenu = wide || opened || menuDrawn;

  useEffect(() => close(), [pathname, close]);

  // The page the server drew is taken over in the same pass as the shell around it. Behind a
  // loading boundary it would be taken over in a later pass, and the shell's first updates (its
  // layout effects) would force that pass at once, in one long task. The boundary comes back
  // with the first move to another page (each page is drawn anew then anyway: its key).
  const [drawnPath, setDrawnPath] = useState(firstScreenPath);
  if (drawnPath !== null && drawnPath !== pathname) setDrawnPath(null);
  // Taken over: a shell drawn later (after signing out and in again) draws its page as usual.
  useEffect(() => setFirstScreenPath(null), []);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggleNavigation')} />
            <BusinessBrand />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <QuickActions />
            {narrow ? null : <LanguageSwitch />}
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('nav.mainNavigation')}>
        {drawMenu ? <AppNavbar /> : null}
        {narrow && drawMenu ? (
          // On small screens the header has no room for the switch; it sits under the menu.
          <AppShell.Section p="md" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)' }}>
            <LanguageSwitch size="sm" />
          </AppShell.Section>
        ) : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBar />
        <InvitationsBanner />
        <ErrorBoundary key={pathname} fullScreen={false}>
          {drawnPath === null ? (
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

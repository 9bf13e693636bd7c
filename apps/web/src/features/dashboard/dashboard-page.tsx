// / (dashboard): the filters (date preset; one project, site or member), then Business
// Overview, Active Schedules, the best and worst tasks, members, sites and projects, load
// distribution and top tags. The cards arrive together in one call; after that every card
// reads, and fails, on its own.
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconFolderPlus, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { safeTimeZone } from '../../lib/business-time.ts';
import { lazyPart, type LazyPart } from '../../lib/lazy-page.ts';
import { paths } from '../../lib/paths.ts';
import { DEFAULT_DATE_PRESET } from '../../lib/reports/date-presets.ts';
import { useBusinessStatsQuery } from '../../lib/reports/get-business-stats.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { ActiveSchedulesCard } from './components/active-schedules-card.tsx';
import { BusinessOverviewCard } from './components/business-overview-card.tsx';
import { DashboardFiltersBar } from './components/dashboard-filters.tsx';
import { useDashboardFilters } from './components/use-dashboard-filters.ts';
import { dashboardHint, useDashboardQuery } from './api/get-dashboard.ts';

// The cards below the first screenful arrive in a chunk of their own, once the first have been
// drawn: the first paint of the page waits neither for their code nor for drawing them.
const Rankings = lazyPart(async () => (await import('./components/dashboard-rankings.tsx')).DashboardRankings);

/**
 * Its children once the page has been drawn and their code has arrived, in a transition that
 * yields to the browser. Drawing them then never stops to wait for code: a stopped transition
 * would be thrown away by the next update (the shell's own, for one) and drawn again. A part of
 * its own, so that only they are drawn then, not the page around them again.
 */
function AfterFirstPaint({ part, children }: { part: Pick<LazyPart, 'preload' | 'isLoaded'>; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    // A chunk that failed to arrive is drawn anyway: the part then shows its error.
    const show = () => {
      if (current) startTransition(() => setReady(true));
    };
    if (part.isLoaded()) {
      show();
      return;
    }
    // Asked for in a task of its own, after the one that drew the page.
    const timer = setTimeout(() => void part.preload().then(show, show));
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [part]);
  return ready ? children : null;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { account, member, business } = useSession();
  const { isAdmin } = useAccess();
  const name = member.fullName || account.fullName || account.username;
  const filters = useDashboardFilters();
  const all = useDashboardQuery(
    business.id,
    filters.stats,
    filters.filter,
    filters.preset === DEFAULT_DATE_PRESET && !filters.scope ? dashboardHint(business.id, safeTimeZone(business.timeZone)) : null,
  );
  // While the one call is on its way the cards wait for it rather than asking themselves.
  const own = !all.isFetching;
  const stats = useBusinessStatsQuery(business.id, filters.stats, own);

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        description={t('dashboard.welcome', { name })}
        actions={
          // Only owners and admins create projects and sites.
          isAdmin ? (
            <>
              <Button component={Link} to={paths.newProject} variant="light" leftSection={<IconFolderPlus size={16} />}>
                {t('actions.newProject')}
              </Button>
              <Button component={Link} to={paths.newSite()} variant="light" leftSection={<IconMapPinPlus size={16} />}>
                {t('actions.newSite')}
              </Button>
            </>
          ) : undefined
        }
      />
      <DashboardFiltersBar filters={filters} />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <BusinessOverviewCard stats={stats} />
          <ActiveSchedulesCard stats={stats} />
        </SimpleGrid>
        <AfterFirstPaint part={Rankings}>
          <Suspense fallback={null}>
            <Rankings.Component filter={filters.filter} enabled={own} />
          </Suspense>
        </AfterFirstPaint>
      </Stack>
    </>
  );
}

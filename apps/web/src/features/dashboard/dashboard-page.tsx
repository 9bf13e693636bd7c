// / (dashboard): the filters (date preset; one project, site or member), then Business
// Overview, Active Schedules, the best and worst tasks, members, sites and projects, load
// distribution and top tags. The cards arrive together in one call; after that every card
// reads, and fails, on its own.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconFolderPlus, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { safeTimeZone } from '../../lib/business-time.ts';
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
const DashboardRankings = lazy(async () => ({ default: (await import('./components/dashboard-rankings.tsx')).DashboardRankings }));

/** True once the page has been drawn; set in a transition that yields to the browser. */
function useAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
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
  const rest = useAfterFirstPaint();

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
        {rest ? (
          <Suspense fallback={null}>
            <DashboardRankings filter={filters.filter} enabled={own} />
          </Suspense>
        ) : null}
      </Stack>
    </>
  );
}

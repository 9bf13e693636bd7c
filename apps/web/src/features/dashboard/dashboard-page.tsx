// / (dashboard): the filters (date preset; one project, site or member), then Business
// Overview, Active Schedules, the best and worst tasks, members, sites and projects, load
// distribution and top tags. The cards arrive together in one call; after that every card
// reads, and fails, on its own.
import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconFolderPlus, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LOADED, DASHBOARD_RANKED } from '@fieldops/shared/report-limits';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { KpiListCard } from '../../components/performance/kpi-list-card.tsx';
import { LoadChartCard } from '../../components/performance/load-chart-card.tsx';
import { useBusinessStatsQuery } from '../../lib/reports/get-business-stats.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { ActiveSchedulesCard } from './components/active-schedules-card.tsx';
import { BusinessOverviewCard } from './components/business-overview-card.tsx';
import { DashboardFiltersBar } from './components/dashboard-filters.tsx';
import { TopTagsCard } from './components/top-tags-card.tsx';
import { useDashboardFilters } from './components/use-dashboard-filters.ts';
import { useDashboardQuery } from './api/get-dashboard.ts';


export function DashboardPage() {
  const { t } = useTranslation();
  const { account, member, business } = useSession();
  const { isAdmin } = useAccess();
  const name = member.fullName || account.fullName || account.username;
  const filters = useDashboardFilters();
  const all = useDashboardQuery(business.id, filters.stats, filters.filter);
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
              <Button component={Link} to="/projects?new=1" variant="light" leftSection={<IconFolderPlus size={16} />}>
                {t('actions.newProject')}
              </Button>
              <Button component={Link} to="/sites?new=1" variant="light" leftSection={<IconMapPinPlus size={16} />}>
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
        <Stack gap="sm" component="section" aria-labelledby="dashboard-best-worst">
          <Title order={2} fz="h3" id="dashboard-best-worst">
            {t('dashboard.bestWorst')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {DASHBOARD_RANKED.map((kind) => (
              <KpiListCard key={kind} kind={kind} filter={filters.filter} enabled={own} />
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="dashboard-load">
          <Title order={2} fz="h3" id="dashboard-load">
            {t('dashboard.load')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
            {DASHBOARD_LOADED.map((kind) => (
              <LoadChartCard key={kind} kind={kind} filter={filters.filter} enabled={own} />
            ))}
          </SimpleGrid>
        </Stack>
        <TopTagsCard filter={filters.filter} enabled={own} />
      </Stack>
    </>
  );
}

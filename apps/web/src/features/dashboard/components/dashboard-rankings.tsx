// The dashboard below its first screenful: the best and worst tasks, members, sites and projects,
// the load distribution and the top tags. A chunk of its own, drawn once the page's first cards
// have been (dashboard-page.tsx); each card reads its part from the dashboard's one call.
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LOADED, DASHBOARD_RANKED } from '@fieldops/shared/report-limits';
import { KpiListCard } from '../../../components/performance/kpi-list-card.tsx';
import { LoadChartCard } from '../../../components/performance/load-chart-card.tsx';
import type { ReportFilter } from '../../../lib/reports/report-filter.ts';
import classes from './dashboard-rankings.module.css';
import { TopTagsCard } from './top-tags-card.tsx';

export function DashboardRankings({ filter, enabled }: { filter: ReportFilter; enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="dashboard-best-worst">
        <Title order={2} fz="h3" id="dashboard-best-worst">
          {t('dashboard.bestWorst')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" className={classes.deferred}>
          {DASHBOARD_RANKED.map((kind) => (
            <KpiListCard key={kind} kind={kind} filter={filter} enabled={enabled} />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="dashboard-load">
        <Title order={2} fz="h3" id="dashboard-load">
          {t('dashboard.load')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" className={classes.deferred}>
          {DASHBOARD_LOADED.map((kind) => (
            <LoadChartCard key={kind} kind={kind} filter={filter} enabled={enabled} />
          ))}
        </SimpleGrid>
      </Stack>
      <div className={classes.deferred}>
        <TopTagsCard filter={filter} enabled={enabled} />
      </div>
    </>
  );
}

// Load distribution of one kind: the entities with the most schedules in the range, as bars.
import { useId } from 'react';
import { Skeleton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LOAD_SIZE, type KpiKind } from '@fieldops/shared/report-limits';
import { useKpiListQuery } from '../../lib/reports/get-kpi-list.ts';
import type { ReportFilter } from '../../lib/reports/report-filter.ts';
import { LoadChart } from './charts.tsx';
import { ReportCard } from './report-card.tsx';

export const LOAD_CHART_SIZE = DASHBOARD_LOAD_SIZE;

/** `enabled` false while the bars are on their way another way (the dashboard's one call). */
export function LoadChartCard({ kind, filter, enabled = true }: { kind: KpiKind; filter: ReportFilter; enabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useKpiListQuery({ kind, filter, order: 'load', size: LOAD_CHART_SIZE }, enabled);
  return (
    <ReportCard
      id={id}
      title={t(`performance.load.${kind}`)}
      query={query}
      isEmpty={(data) => !data.data.some((item) => item.total > 0)}
      fallbackKey="fetchKpisFailed"
      emptyText={t('performance.emptyRange')}
      emptyIcon={<IconChartBar size={26} />}
      skeleton={<Skeleton h={210} radius="sm" />}
    >
      {(data) => <LoadChart kind={kind} items={data.data.filter((item) => item.total > 0)} />}
    </ReportCard>
  );
}

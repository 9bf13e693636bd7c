// Best or worst of one kind (tasks, members, sites, projects) under a report filter, with a
// toggle between the two orders.
import { useId, useState } from 'react';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KpiKind } from '@fieldops/shared/reports';
import { useKpiListQuery } from '../../lib/reports/get-kpi-list.ts';
import type { ReportFilter } from '../../lib/reports/report-filter.ts';
import { Segments } from '../segments.tsx';
import { KpiList } from './kpi-list.tsx';
import { ReportCard, SkeletonRows } from './report-card.tsx';

interface KpiListCardProps {
  kind: KpiKind;
  filter: ReportFilter;
  size?: number;
  /** False while the list is on its way another way (the dashboard's one call). */
  enabled?: boolean;
}

export function KpiListCard({ kind, filter, size, enabled = true }: KpiListCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const [best, setBest] = useState(true);
  const query = useKpiListQuery({ kind, filter, best, size }, enabled);
  return (
    <ReportCard
      id={id}
      title={t(`performance.bestWorst.${kind}`)}
      query={query}
      isEmpty={(data) => data.data.length === 0}
      fallbackKey="fetchKpisFailed"
      emptyText={t('performance.emptyRange')}
      emptyIcon={<IconTrophy size={26} />}
      skeleton={<SkeletonRows rows={3} height={44} />}
      actions={
        <Segments
          size="xs"
          label={t('performance.bestWorst.label')}
          value={best ? 'best' : 'worst'}
          onChange={(value) => setBest(value === 'best')}
          data={[
            { value: 'best', label: t('performance.bestWorst.best') },
            { value: 'worst', label: t('performance.bestWorst.worst') },
          ]}
        />
      }
    >
      {(data) => <KpiList kind={kind} items={data.data} />}
    </ReportCard>
  );
}

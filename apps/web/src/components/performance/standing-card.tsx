// An entity's standing in the range: its rank among every entity of its kind with schedules (with
// "Why this rank?", rank-explanation.tsx),
// its completion rate, the average score of its schedules when any was scored, and its schedules
// by status.
import { useId } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KpiKind } from '@fieldops/shared/reports';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import type { DateRange } from '../../lib/reports/date-presets.ts';
import { useKpiStandingQuery } from '../../lib/reports/get-kpi-standing.ts';
import { kpiItemName } from '../../lib/reports/kpi-entities.ts';
import { RankExplanation } from './rank-explanation.tsx';
import { RateRing } from './rate-ring.tsx';
import { ReportCard } from './report-card.tsx';
import { ScoreFigure } from './score-figure.tsx';
import { StatusFigures } from './status-figures.tsx';

interface StandingCardProps {
  kind: KpiKind;
  entityId: number;
  range: DateRange;
}

export function StandingCard({ kind, entityId, range }: StandingCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const id = useId();
  const query = useKpiStandingQuery(kind, entityId, range);
  return (
    <ReportCard
      id={id}
      title={t('performance.standing.title')}
      query={query}
      isEmpty={(data) => data.item.total === 0}
      fallbackKey="fetchRankFailed"
      emptyText={t('performance.standing.unranked')}
      emptyIcon={<IconTrophy size={26} />}
      skeleton={<Skeleton h={130} radius="sm" />}
    >
      {({ item, ranked }) => (
        <Stack gap="md">
          <Group gap="xl" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('performance.standing.rank')}
              </Text>
              <Text fw={800} fz={34} lh={1.1} data-testid="standing-rank">
                {item.rank === null
                  ? t('performance.standing.none')
                  : t('performance.standing.rankOf', { rank: formatNumber(item.rank, language), ranked: formatNumber(ranked, language) })}
              </Text>
              <Group>
                <RankExplanation item={item} name={kpiItemName(item, language) || t('performance.unnamed')} />
              </Group>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <RateRing rate={item.completionRate} testId="standing-rate" />
              <Text size="sm" c="dimmed">
                {t('performance.completionRate')}
              </Text>
            </Group>
            <ScoreFigure counts={item} testId="standing-score" />
          </Group>
          <StatusFigures counts={item} />
        </Stack>
      )}
    </ReportCard>
  );
}

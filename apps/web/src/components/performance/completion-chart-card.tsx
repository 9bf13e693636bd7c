// Completion rate over time: one point a day for the range, under the report filter, with the
// rate of the whole range beside the title; and where schedules were scored, their average score
// by day beside it (its trend), with the average of the whole range.
import { useId } from 'react';
import { Badge, Group, Skeleton } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PerformancePoint } from '@fieldops/shared/reports';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { usePerformanceQuery } from '../../lib/reports/get-performance.ts';
import type { ReportFilter } from '../../lib/reports/report-filter.ts';
import { CompletionChart } from './charts.tsx';
import { ReportCard } from './report-card.tsx';

/** Done over all schedules of the range, as a percentage with one decimal. */
export function overallRate(points: readonly PerformancePoint[]): number {
  const done = points.reduce((sum, point) => sum + point.done, 0);
  const total = points.reduce((sum, point) => sum + point.total, 0);
  return total === 0 ? 0 : Math.round((done / total) * 1000) / 10;
}

/** The average score of every scored schedule of the range (each day's average weighted by its scores), or null without one. */
export function overallScore(points: readonly PerformancePoint[]): number | null {
  const scored = points.reduce((sum, point) => sum + point.scored, 0);
  if (scored === 0) return null;
  const total = points.reduce((sum, point) => sum + (point.averageScore ?? 0) * point.scored, 0);
  return Math.round((total / scored) * 10) / 10;
}

export function CompletionChartCard({ filter }: { filter: ReportFilter }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const id = useId();
  const query = usePerformanceQuery(filter);
  const points = query.data ?? [];
  const hasData = points.some((point) => point.total > 0);
  const score = overallScore(points);
  return (
    <ReportCard
      id={id}
      title={t('performance.completionOverTime')}
      query={query}
      isEmpty={(data) => !data.some((point) => point.total > 0)}
      fallbackKey="fetchPerformanceFailed"
      emptyText={t('performance.emptyRange')}
      emptyIcon={<IconChartLine size={26} />}
      skeleton={<Skeleton h={260} radius="sm" />}
      actions={
        hasData ? (
          <Group gap="xs">
            <Badge variant="light" size="lg" data-testid="overall-rate">
              {formatPercent(overallRate(points), language)}
            </Badge>
            {score === null ? null : (
              <Badge variant="light" color="orange" size="lg" data-testid="overall-score">
                {t('performance.averageScoreOf', { value: formatPercent(score, language) })}
              </Badge>
            )}
          </Group>
        ) : null
      }
    >
      {(data) => <CompletionChart points={data} />}
    </ReportCard>
  );
}

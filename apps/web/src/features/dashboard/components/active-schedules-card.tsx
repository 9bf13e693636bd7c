// Active Schedules: how many schedules are open right now, then the schedules that started in
// the range by status with their completion rate and, where any was scored, their average score,
// and the answers given in the range (how many flagged, and how many counted though the device
// delivered them after the deadline).
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BusinessStats } from '@fieldops/shared/reports';
import { RateRing } from '../../../components/performance/rate-ring.tsx';
import { ReportCard } from '../../../components/performance/report-card.tsx';
import { ScoreFigure } from '../../../components/performance/score-figure.tsx';
import { StatusFigures } from '../../../components/performance/status-figures.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export function ActiveSchedulesCard({ stats }: { stats: UseQueryResult<BusinessStats> }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <ReportCard
      id="dashboard-active-schedules"
      title={t('dashboard.activeSchedules.title')}
      query={stats}
      isEmpty={(data) => data.activeSchedules === 0 && data.schedules.total === 0 && data.answers === 0}
      fallbackKey="fetchStatsFailed"
      emptyText={t('dashboard.activeSchedules.empty')}
      emptyIcon={<IconCalendarTime size={26} />}
      skeleton={<Skeleton h={190} radius="sm" />}
    >
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('dashboard.activeSchedules.runningNow')}
              </Text>
              <Text fw={800} fz={34} lh={1.1} data-testid="active-schedules">
                {formatNumber(data.activeSchedules, language)}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <RateRing rate={data.schedules.completionRate} testId="range-completion-rate" />
              <Text size="sm" c="dimmed" maw={110}>
                {t('dashboard.activeSchedules.rateInRange')}
              </Text>
            </Group>
            <ScoreFigure counts={data.schedules} label={t('dashboard.activeSchedules.scoreInRange')} testId="range-average-score" />
          </Group>
          <StatusFigures counts={data.schedules} />
          <Text size="sm" c="dimmed" data-testid="answers-in-range">
            {t('dashboard.activeSchedules.answers', {
              answers: formatNumber(data.answers, language),
              flagged: formatNumber(data.flagged, language),
              late: formatNumber(data.lateAnswers, language),
            })}
          </Text>
        </Stack>
      )}
    </ReportCard>
  );
}

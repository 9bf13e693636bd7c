// The average score of the schedules a report counts (DESIGN §13), drawn beside their completion
// rate: a ring with the average as a value followed by %, and under its name the share that passed
// a pass mark when one judged any. Nothing is drawn when no schedule was scored.
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoreCounts } from '@fieldops/shared/reports';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { RateRing } from './rate-ring.tsx';

export function ScoreFigure({ counts, label, testId }: { counts: ScoreCounts; label?: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  if (counts.averageScore === null) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <RateRing rate={counts.averageScore} testId={testId} />
      <Stack gap={2} maw={130}>
        <Text size="sm" c="dimmed">
          {label ?? t('performance.averageScore')}
        </Text>
        {counts.passRate === null ? null : (
          <Text size="xs" c="dimmed" data-testid={`${testId}-pass`}>
            {t('performance.passRateOf', { value: formatPercent(counts.passRate, language) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

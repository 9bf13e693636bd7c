// Ranked entities, one row each: rank, name (a link to its page) and second line, completion
// rate as a value followed by % with a bar, how many of its schedules were done, "Why this rank?"
// (rank-explanation.tsx), and the average score of its schedules (a dash for one with none scored)
// when any entity of the list has one.
import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { KpiItem, KpiKind } from '@fieldops/shared/reports';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { kpiItemName, kpiItemPath } from '../../lib/reports/kpi-entities.ts';
import { RankExplanation } from './rank-explanation.tsx';
import { scoreText } from './score-text.ts';

/** Green from 80%, amber from 50%, red below. */
export function rateColor(rate: number): string {
  if (rate >= 80) return 'teal';
  if (rate >= 50) return 'yellow';
  return 'red';
}

interface KpiListProps {
  kind: KpiKind;
  items: readonly KpiItem[];
}

export function KpiList({ kind, items }: KpiListProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // A business that does not score its inspections is not shown a column of dashes.
  const scoring = items.some((item) => item.averageScore !== null);
  return (
    <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const name = kpiItemName(item, language) || t('performance.unnamed');
        const path = kpiItemPath(kind, item.id);
        const rate = formatPercent(item.completionRate, language);
        const score = scoreText(item.averageScore, language);
        return (
          <li key={item.id} data-testid="kpi-row">
            <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {item.rank === null ? null : (
                  <Badge
                    variant="light"
                    color="gray"
                    radius="sm"
                    style={{ flexShrink: 0 }}
                    aria-label={t('performance.rankLabel', { rank: formatNumber(item.rank, language) })}
                  >
                    {t('performance.rank', { rank: formatNumber(item.rank, language) })}
                  </Badge>
                )}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  {path ? (
                    <Anchor component={Link} to={path} fw={600} size="sm" truncate="end">
                      {name}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm" truncate="end">
                      {name}
                    </Text>
                  )}
                  {item.context ? (
                    <Text size="xs" c="dimmed" truncate="end">
                      {item.context}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700} size="sm" data-testid="kpi-rate">
                  {rate}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('performance.doneOfTotal', { done: formatNumber(item.done, language), total: formatNumber(item.total, language) })}
                </Text>
                <RankExplanation item={item} name={name} />
                {scoring ? (
                  <Text size="xs" c="dimmed" data-testid="kpi-score" aria-label={t('performance.scoreOf', { name, value: score })}>
                    {t('performance.averageScoreOf', { value: score })}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <Progress
              mt={6}
              size="sm"
              value={Math.min(100, Math.max(0, item.completionRate))}
              color={rateColor(item.completionRate)}
              aria-label={t('performance.rateOf', { name, rate })}
            />
          </li>
        );
      })}
    </Stack>
  );
}

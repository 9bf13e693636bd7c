// "Why this rank?": a ranked row explains itself in a dialog, from the numbers the list already
// carries (no request): one sentence saying why it stands where it does, then its schedules by
// status (done, late, missed, open: only done counts towards the rate), its raw rate, the load-aware score it was ranked by, the list's average it was pulled
// towards and the weight of that average (shared ranking.ts), the formula and the tie rule.
import { useState } from 'react';
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KpiItem } from '@fieldops/shared/reports';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';

interface RankExplanationProps {
  item: KpiItem;
  /** The row's name as the list shows it. */
  name: string;
}

/** The sentence for a row: why its rate counts as its score. */
export function useRankSentence(item: KpiItem): string | null {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { ranking } = item;
  if (ranking === null) return null;
  return t(`performance.why.reason.${ranking.reason}`, {
    count: item.total,
    schedules: formatNumber(item.total, language),
    rate: formatPercent(item.completionRate, language),
    score: formatPercent(ranking.score, language),
    average: formatPercent(ranking.average, language),
  });
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} component="div">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function RankExplanation({ item, name }: RankExplanationProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [opened, setOpened] = useState(false);
  const sentence = useRankSentence(item);
  const { ranking } = item;
  if (ranking === null || item.rank === null || sentence === null) return null;
  const n = (value: number) => formatNumber(value, language);
  const percent = (value: number) => formatPercent(value, language);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconHelpCircle size={14} aria-hidden />}
        aria-label={t('performance.why.buttonLabel', { name })}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
        data-testid="rank-why"
      >
        {t('performance.why.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('performance.why.title', { name, rank: n(item.rank) })} size="md" centered>
        <Stack gap="md" data-testid="rank-explanation">
          <Text fw={600} data-testid="rank-sentence">
            {sentence}
          </Text>
          <SimpleGrid component="dl" cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
            <Figure label={t('performance.why.schedules')} value={n(item.total)} testId="rank-schedules" />
            <Figure label={t('performance.status.done')} value={n(item.done)} testId="rank-done" />
            <Figure label={t('performance.status.late')} value={n(item.late)} testId="rank-late" />
            <Figure label={t('performance.status.missed')} value={n(item.missed)} testId="rank-missed" />
            <Figure label={t('performance.status.open')} value={n(item.pending + item.inProgress)} testId="rank-open" />
            <Figure label={t('performance.completionRate')} value={percent(item.completionRate)} testId="rank-rate" />
            <Figure label={t('performance.why.score')} value={percent(ranking.score)} testId="rank-score" />
            <Figure label={t('performance.why.average')} value={percent(ranking.average)} testId="rank-average" />
            <Figure label={t('performance.why.weight')} value={t('performance.why.weightValue', { weight: n(ranking.weight) })} testId="rank-weight" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('performance.why.formula', { weight: n(ranking.weight) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('performance.why.ties')}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}

// The bar that stays at the bottom of the runner: what is ready to send, the submit button, and
// while sending, the answer being sent (n of m) and the bytes uploaded over the whole batch.
import { memo } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import type { BatchProgress } from './use-answer-submission.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** "350 kB", "2.4 MB": sizes in the current language. */
export function formatBytes(bytes: number, language: Language): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 0) / 1000, 'kilobyte'];
  return new Intl.NumberFormat(locale(language), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

interface SubmitBarProps {
  /** Answered, shown and not yet saved. */
  ready: number;
  /** Of those, the ones that failed before. */
  failed: number;
  /** Answers kept on the device that have not arrived yet (sent by themselves once online). */
  queued?: number;
  /** Required shown actions still without an answer. */
  requiredLeft: number;
  /** Every required shown action has a saved answer. */
  allSaved: boolean;
  /** Some answer is saved already. */
  started: boolean;
  progress: BatchProgress | null;
  onSubmit: () => void;
}

/** Memoised: drawn again only when what it says changes (keep `onSubmit` the same function). */
export const SubmitBar = memo(function SubmitBar({ ready, failed, queued = 0, requiredLeft, allSaved, started, progress, onSubmit }: SubmitBarProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const number = (value: number) => formatNumber(value, language);

  let summary: string;
  if (ready === 0 && queued > 0) {
    summary = t('tracker.submit.queued', { value: number(queued) });
  } else if (ready > 0) {
    summary = t('tracker.submit.ready', { value: number(ready) });
    if (requiredLeft > 0) summary = `${summary} · ${t('tracker.submit.requiredLeft', { value: number(requiredLeft) })}`;
  } else if (allSaved) {
    summary = t('tracker.submit.allSaved');
  } else if (started && requiredLeft > 0) {
    summary = t('tracker.submit.requiredLeft', { value: number(requiredLeft) });
  } else {
    summary = t('tracker.submit.nothing');
  }

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      // Stays in view at the bottom of the screen while the member scrolls through the actions.
      style={{ position: 'sticky', insetBlockEnd: 'var(--mantine-spacing-sm)', zIndex: 5 }}
    >
      {progress ? (
        <Stack gap={6} aria-live="polite">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('tracker.submit.sending', { current: number(progress.current), count: number(progress.count) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tracker.submit.bytes', { loaded: formatBytes(progress.loaded, language), total: formatBytes(progress.total, language) })}
            </Text>
          </Group>
          <Progress
            value={progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0}
            size="lg"
            animated
            aria-label={t('tracker.submit.progressLabel')}
          />
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 180px' }}>
            {allSaved && ready === 0 ? <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" /> : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
          </Group>
          <Button leftSection={<IconSend size={16} />} onClick={onSubmit} disabled={ready === 0 && queued === 0} style={{ flex: '1 1 160px', maxWidth: 320 }}>
            {failed > 0 || (queued > 0 && ready === 0) ? t('tracker.submit.sendAgain') : t('tracker.submit.submit')}
          </Button>
        </Group>
      )}
    </Paper>
  );
});

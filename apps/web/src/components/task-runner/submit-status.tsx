// Where one action's answer stands while answering for real: a progress bar while it uploads,
// kept on the device with how the device judged its position, "Saved" once stored and counted,
// "given outside the site area" or "position not verified", not counted, as the server judged it
// once kept without counting, or the failure with a retry button.
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockPause, IconDeviceMobile, IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import type { LocationStatus } from '@fieldops/shared/enums';
import type { SubmitState } from './answers.ts';

interface SubmitStatusProps {
  state: SubmitState;
  /** The action's name, so each retry button says which answer it sends. */
  name: string;
  onRetry?: () => void;
}

export function SubmitStatus({ state, name, onRetry }: SubmitStatusProps) {
  const { t, i18n } = useTranslation();
  switch (state.status) {
    case 'uploading': {
      const percent = formatPercent(Math.round(state.progress * 100), currentLanguage(i18n));
      return (
        <Stack gap={4}>
          <Text size="xs" c="blue" aria-live="polite">
            {t('taskRunner.submit.uploading', { percent })}
          </Text>
          <Progress value={state.progress * 100} size="sm" animated aria-label={t('taskRunner.submit.uploadingOf', { name })} />
        </Stack>
      );
    }
    case 'queued':
      // Kept on the device: it goes by itself once the network is back.
      return (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap" align="flex-start" c="blue.8">
            <IconDeviceMobile size={16} style={{ flexShrink: 0, marginBlockStart: 2 }} aria-hidden />
            <Text size="sm" fw={600}>
              {t('taskRunner.submit.queued')}
            </Text>
          </Group>
          {state.locationStatus ? (
            <Text size="xs" c={state.locationStatus === 'INSIDE' ? 'dimmed' : 'orange.8'}>
              {t(`taskRunner.submit.deviceJudged.${state.locationStatus}`)}
            </Text>
          ) : null}
          {state.message ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {state.message}
            </Text>
          ) : null}
        </Stack>
      );
    case 'held':
      return (
        <Group gap={6} wrap="nowrap" align="flex-start" c="orange.8">
          <IconClockPause size={16} style={{ flexShrink: 0, marginBlockStart: 2 }} aria-hidden />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {state.message}
          </Text>
        </Group>
      );
    case 'saved':
      // Kept from outside the site's area, it is not counted, so it is not called saved.
      // A sentence rather than a badge: it wraps on a phone instead of being cut off.
      return state.outside ? (
        <NotCountedNote status={state.locationStatus} />
      ) : (
        <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
          {t('taskRunner.submit.saved')}
        </Badge>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('taskRunner.submit.failed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.message}
            </Text>
            {onRetry ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={onRetry}
                aria-label={t('taskRunner.submit.retryOf', { name })}
              >
                {t('taskRunner.submit.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      );
  }
}

/**
 * "Given outside the site area — not counted", or "Position not verified — not counted" when the
 * position was missing or too imprecise, as a line that wraps on a phone.
 */
export function NotCountedNote({ status }: { status?: LocationStatus | null }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c="orange.8">
      <IconMapPinOff size={16} style={{ flexShrink: 0, marginBlockStart: 2 }} aria-hidden />
      <Text size="sm" fw={600}>
        {t(status === 'UNVERIFIED' ? 'taskRunner.submit.unverified' : 'taskRunner.submit.outside')}
      </Text>
    </Group>
  );
}

// The ticket's service times on its page: when the first response is due or was given (on time or
// late), and the resolution clock: running with its time left, paused while on hold (the time
// left kept), or stopped once resolved. Working time, on the business calendar.
import { Badge, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketClock } from '@fieldops/shared/ticket-clock';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useTicketSlaQuery } from '../api/get-ticket-sla.ts';
import { spanWords } from './ticket-badges.tsx';

const MINUTE_MS = 60_000;

function Outcome({ late }: { late: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" tt="none" color={late ? 'red' : 'teal'}>
      {t(late ? 'tickets.clock.late' : 'tickets.clock.onTime')}
    </Badge>
  );
}

function FirstResponse({ clock }: { clock: NonNullable<TicketClock['firstResponse']> }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('tickets.clock.firstResponse')}
        </Text>
        {clock.respondedAt || clock.breached ? <Outcome late={clock.breached} /> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {clock.respondedAt
          ? t('tickets.clock.respondedAt', { time: time.dateTime(clock.respondedAt) })
          : t('tickets.clock.dueAt', { time: time.dateTime(clock.dueAt) })}
      </Text>
    </Stack>
  );
}

function Resolution({ clock }: { clock: NonNullable<TicketClock['resolution']> }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const left = spanWords(clock.leftMinutes * MINUTE_MS, language);
  const used = Math.min(100, Math.round((clock.usedMinutes / Math.max(1, clock.targetMinutes)) * 100));
  let words: string;
  if (clock.state === 'PAUSED') words = clock.breached ? t('tickets.clock.pausedLate', { time: left }) : t('tickets.clock.paused', { time: left });
  else if (clock.state === 'STOPPED') words = t('tickets.clock.stopped');
  else if (clock.breached) words = t('tickets.clock.runningLate', { time: left, due: clock.dueAt ? time.dateTime(clock.dueAt) : '' });
  else words = t('tickets.clock.running', { time: left, due: clock.dueAt ? time.dateTime(clock.dueAt) : '' });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('tickets.clock.resolution')}
        </Text>
        {clock.state === 'PAUSED' ? (
          <Badge size="sm" variant="light" tt="none" color="gray">
            {t('tickets.clock.pausedBadge')}
          </Badge>
        ) : clock.state === 'STOPPED' || clock.breached ? (
          <Outcome late={clock.breached} />
        ) : null}
      </Group>
      <Progress
        value={used}
        color={clock.breached ? 'red' : clock.state === 'PAUSED' ? 'gray' : 'indigo'}
        size="sm"
        aria-label={t('tickets.clock.used', {
          used: spanWords(clock.usedMinutes * MINUTE_MS, language),
          target: spanWords(clock.targetMinutes * MINUTE_MS, language),
        })}
      />
      <Text size="sm" c="dimmed" data-testid="ticket-resolution-clock">
        {words}
      </Text>
    </Stack>
  );
}

export function TicketSlaCard({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useTicketSlaQuery(ticketId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`ticket-sla-${ticketId}`}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={`ticket-sla-${ticketId}`}>
          {t('tickets.clock.title')}
        </Title>
        {isPending ? (
          <Skeleton height={48} />
        ) : isError ? (
          <Text size="sm" c="dimmed">
            {t('tickets.clock.unavailable')}
          </Text>
        ) : !data.covered ? (
          <Text size="sm" c="dimmed">
            {t('tickets.clock.none')}
          </Text>
        ) : (
          <>
            {data.firstResponse ? <FirstResponse clock={data.firstResponse} /> : null}
            {data.resolution ? <Resolution clock={data.resolution} /> : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

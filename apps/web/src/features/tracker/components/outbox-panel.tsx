// The queue of answers kept on the device, for the member to see what waits, what is on its way,
// what arrived and what the server refused and why, in their language. A failed answer can be
// tried again or let go (after asking); none is dropped unseen. Also: how much the queue holds,
// a warning when the device runs short of space, and the size photos are brought to.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Segments } from '../../../components/segments.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useOnline } from '../../../lib/network-status.ts';
import { discardEntry, flushOutbox, retryEntry } from '../../../lib/offline/outbox.ts';
import { entryBytes, type OutboxEntry, type OutboxStatus } from '../../../lib/offline/outbox-entry.ts';
import { pageTransport } from '../../../lib/offline/outbox-transport.ts';
import { PHOTO_SIZES, choosePhotoSize, photoSize, type PhotoSize } from '../../../lib/offline/photo-compression.ts';
import { estimateSpace, type SpaceEstimate } from '../../../lib/offline/storage-care.ts';
import { useOutbox } from '../../../lib/offline/use-outbox.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { formatBytes } from './submit-bar.tsx';
import { heldMessage } from './outbox-texts.ts';

/** Answers that arrived stay listed for a day; the last this many show. */
const SENT_SHOWN = 5;
const COLORS: Record<OutboxStatus, string> = { waiting: 'blue', sending: 'cyan', sent: 'teal', failed: 'red' };

export function OutboxPanel() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { account } = useSession();
  const online = useOnline();
  const { entries, progress } = useOutbox(account.id);
  const [space, setSpace] = useState<SpaceEstimate | null>(null);
  const [size, setSize] = useState<PhotoSize>(photoSize);
  const count = entries?.length ?? 0;

  useEffect(() => {
    if (count > 0) void estimateSpace().then(setSpace);
  }, [count]);

  if (!entries || entries.length === 0) return null;
  const waiting = entries.filter((entry) => entry.status === 'waiting' || entry.status === 'sending').length;
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const bytes = entries.reduce((total, entry) => total + entryBytes(entry), 0);
  const number = (value: number) => formatNumber(value, language);
  // Everything not yet arrived, and the last few that did, so a long day does not fill the page.
  const recentSent = new Set(
    entries
      .filter((entry) => entry.status === 'sent')
      .slice(-SENT_SHOWN)
      .map((entry) => entry.seq),
  );
  const shown = entries.filter((entry) => entry.status !== 'sent' || recentSent.has(entry.seq));

  return (
    <Card withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="outbox-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="outbox-title">
              {t('tracker.outbox.title')}
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('tracker.outbox.summary', { waiting: number(waiting), failed: number(failed), size: formatBytes(bytes, language) })}
            </Text>
          </Stack>
          {waiting > 0 && online ? (
            <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={() => void flushOutbox(pageTransport, account.id)}>
              {t('tracker.outbox.sendNow')}
            </Button>
          ) : null}
        </Group>
        {space?.low ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('tracker.outbox.lowSpace', { free: formatBytes(Math.max(space.quota - space.usage, 0), language) })}
          </Alert>
        ) : null}
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((entry) => (
            <OutboxRow key={entry.seq} entry={entry} progress={progress.get(entry.seq ?? -1) ?? null} />
          ))}
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" aria-hidden>
            {t('tracker.outbox.photoSize')}
          </Text>
          <Segments
            label={t('tracker.outbox.photoSize')}
            size="xs"
            value={size}
            onChange={(value) => {
              choosePhotoSize(value);
              setSize(value);
            }}
            data={(Object.keys(PHOTO_SIZES) as PhotoSize[]).map((value) => ({ value, label: t(`tracker.outbox.photoSizes.${value}`) }))}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function OutboxRow({ entry, progress }: { entry: OutboxEntry; progress: number | null }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const task = localizedName({ nameEn: entry.taskNameEn, nameAr: entry.taskNameAr }, language) || t('tracker.untitled');
  const action = localizedName({ nameEn: entry.actionNameEn, nameAr: entry.actionNameAr }, language);
  const name = action ? `${task} · ${action}` : task;
  const seq = entry.seq ?? -1;
  let note: string | null = null;
  if (entry.status === 'failed' || entry.status === 'waiting') note = entry.error ? translateMessage(entry.error) : null;
  else if (entry.status === 'sent' && entry.outcome) {
    if (entry.outcome.held) note = heldMessage(entry.outcome.held);
    else if (entry.outcome.outside) note = t(entry.outcome.locationStatus === 'UNVERIFIED' ? 'tracker.outbox.unverified' : 'tracker.outbox.outside');
    else if (entry.outcome.late) note = t('tracker.outbox.late');
  }

  return (
    <li>
      <Card withBorder radius="sm" p="xs" data-outbox-status={entry.status}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {name}
            </Text>
            <Badge color={COLORS[entry.status]} variant="light" style={{ flexShrink: 0 }}>
              {t(`tracker.outbox.status.${entry.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('tracker.outbox.answeredAt', { time: time.dateTime(entry.capturedAt) })}
          </Text>
          {entry.status === 'sending' ? (
            <Progress value={(progress ?? 0) * 100} size="sm" animated aria-label={t('taskRunner.submit.uploadingOf', { name })} />
          ) : null}
          {note ? (
            <Text size="sm" c={entry.status === 'failed' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {note}
            </Text>
          ) : null}
          {entry.status === 'failed' ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                aria-label={t('tracker.outbox.retryOf', { name })}
                onClick={() => void retryEntry(seq).then(() => flushOutbox(pageTransport, entry.userId))}
              >
                {t('tracker.outbox.retry')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={t('tracker.outbox.discardOf', { name })}
                onClick={() => {
                  if (window.confirm(t('tracker.outbox.discardConfirm'))) void discardEntry(seq);
                }}
              >
                {t('tracker.outbox.discard')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
    </li>
  );
}

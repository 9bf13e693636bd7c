// The tracker without a network: the member's schedules of today and the next two days from the
// copy on the device, with when it was saved; each opens its runner from the same copy.
import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { useDeviceCopy } from '../../../lib/offline/device-copy-query.ts';
import type { OutboxEntry } from '../../../lib/offline/outbox-entry.ts';
import { useOutbox } from '../../../lib/offline/use-outbox.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { OfflineNotice } from './offline-notice.tsx';
import { ScheduleList } from './schedule-list.tsx';

/**
 * A copied schedule with the answers given since the copy was saved counted in: each action
 * answered on the device (waiting, on its way or sent, not failed) that the copy has no answer for.
 */
export function withDeviceAnswers(schedule: ScheduleDetail, entries: readonly OutboxEntry[]): ScheduleDetail {
  const copied = new Set(schedule.answers.map((answer) => answer.action.id));
  const added = new Set(
    entries.filter((entry) => entry.scheduleId === schedule.id && entry.status !== 'failed' && !copied.has(entry.actionId)).map((entry) => entry.actionId),
  );
  return added.size === 0 ? schedule : { ...schedule, answeredActions: (schedule.answeredActions ?? 0) + added.size };
}

export function OfflineTracker() {
  const { t } = useTranslation();
  const { account, business } = useSession();
  const copy = useDeviceCopy(account.id, business.id);
  const { entries } = useOutbox(account.id);
  const copied = copy.data?.schedules;
  const schedules = useMemo(() => (copied ?? []).map((schedule) => withDeviceAnswers(schedule, entries ?? [])), [copied, entries]);
  if (!copy.data) return <LoadingState />;
  const { refreshedAt } = copy.data;
  return (
    <Stack gap="md">
      <OfflineNotice copiedAt={refreshedAt} />
      {refreshedAt ? (
        <section aria-labelledby="offline-schedules">
          <Title order={2} size="h4" id="offline-schedules" mb="sm">
            {t('tracker.offline.listTitle')}
          </Title>
          {schedules.length > 0 ? <ScheduleList schedules={schedules} showMember={false} /> : <Text c="dimmed">{t('tracker.offline.empty')}</Text>}
        </section>
      ) : null}
    </Stack>
  );
}

/** Online, under the tracker: when the member's next three days were last kept on the device. */
export function CopySavedLine() {
  const { t } = useTranslation();
  const { account, business } = useSession();
  const copy = useDeviceCopy(account.id, business.id);
  const { dateTime } = useBusinessTime();
  if (!copy.data?.refreshedAt) return null;
  return (
    <Text size="xs" c="dimmed" mt="md">
      {t('tracker.offline.savedAt', { time: dateTime(copy.data.refreshedAt) })}
    </Text>
  );
}

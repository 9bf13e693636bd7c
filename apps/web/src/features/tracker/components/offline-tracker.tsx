// The tracker without a network: the member's schedules of today and the next two days from the
// copy on the device, with when it was saved; each opens its runner from the same copy.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { useDeviceCopy } from '../../../lib/offline/device-copy-query.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { OfflineNotice } from './offline-notice.tsx';
import { ScheduleList } from './schedule-list.tsx';

export function OfflineTracker() {
  const { t } = useTranslation();
  const { account, business } = useSession();
  const copy = useDeviceCopy(account.id, business.id);
  if (!copy.data) return <LoadingState />;
  const { schedules, refreshedAt } = copy.data;
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

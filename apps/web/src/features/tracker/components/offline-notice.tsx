// Said at the top of a page drawn from the copy on the device: that the server cannot be reached,
// from when the copy is, and that answers wait on the device.
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBusinessTime } from '../../../lib/business-time.ts';

export function OfflineNotice({ copiedAt }: { copiedAt: string | null }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} />} title={t('tracker.offline.title')} role="status">
      {copiedAt ? t('tracker.offline.copy', { time: time.dateTime(copiedAt) }) : t('tracker.offline.none')}
    </Alert>
  );
}

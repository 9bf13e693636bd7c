// An outbox message's state: waiting to be sent, sent, or kept here (no mail server is set).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@fieldops/shared/notifications';

const COLOURS: Record<OutboxMessage['status'], string> = { queued: 'yellow', sent: 'teal', kept: 'gray' };

export function OutboxStatusBadge({ status }: { status: OutboxMessage['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none">
      {t(`system.outbox.status.${status}`)}
    </Badge>
  );
}

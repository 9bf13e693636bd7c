// The bell's popover body: the newest entries, "Mark all as read" and "See all". A chunk of its own,
// fetched when the bell is first opened: the signed-in shell's first load carries the button only.
import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLatestNotificationsQuery } from '../api/get-notifications.ts';
import { NotificationList } from './notification-list.tsx';
import { useReadAll } from './use-read-all.ts';

/** How many entries the popover shows; the rest are on the Notifications page. */
export const BELL_SIZE = 8;

interface BellPanelProps {
  titleId: string;
  count: number;
  onClose: () => void;
}

export function BellPanel({ titleId, count, onClose }: BellPanelProps) {
  const { t } = useTranslation();
  const latest = useLatestNotificationsQuery(BELL_SIZE, true);
  const { readAll, pending } = useReadAll();

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py="xs" gap="xs" wrap="nowrap" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={700} id={titleId}>
          {t('notifications.title')}
        </Text>
        <Button size="compact-sm" variant="subtle" leftSection={<IconChecks size={16} />} onClick={readAll} loading={pending} disabled={count === 0}>
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto">
        <QueryGate
          query={latest}
          fallbackKey="fetchNotificationsFailed"
          withCard={false}
          loaderHeight={160}
          keepDataOnError
          isEmpty={(list) => list.items.length === 0}
          empty={<EmptyState icon={<IconBellOff size={24} />} title={t('notifications.emptyTitle')} description={t('notifications.emptyText')} />}
        >
          {(list) => (
            <div style={{ padding: 'var(--mantine-spacing-xs)' }}>
              <NotificationList items={list.items} label={t('notifications.latest')} onOpen={onClose} />
            </div>
          )}
        </QueryGate>
      </ScrollArea.Autosize>
      <Group justify="center" p="xs" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)' }}>
        <Button component={Link} to={paths.notifications} variant="subtle" size="compact-sm" onClick={onClose}>
          {t('notifications.seeAll')}
        </Button>
      </Group>
    </Stack>
  );
}

// The bell in the header: the unread count (kept current by the event stream), and a popover with
// the newest entries, "Mark all as read" and "See all". Its name says the count in words, and a
// count that grows is said once, politely, to screen readers.
import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useLatestNotificationsQuery } from '../api/get-notifications.ts';
import { useUnreadCountQuery } from '../api/get-unread-count.ts';
import { useMarkAllReadMutation } from '../api/mark-all-read.ts';
import { useUnreadStream } from '../api/use-unread-stream.ts';
import { NotificationList } from './notification-list.tsx';

/** How many entries the popover shows; the rest are on the Notifications page. */
export const BELL_SIZE = 8;

/** What the badge shows: the count, up to 99. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NotificationBell() {
  const { t } = useTranslation();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const live = useUnreadStream();
  const count = useUnreadCountQuery(live === 'live').data ?? 0;
  const latest = useLatestNotificationsQuery(BELL_SIZE, opened);
  const markAll = useMarkAllReadMutation();

  // A count that grows while the person is here is said; the first figure is not news.
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (seen.current !== null && count > seen.current) setAnnouncement(t('notifications.arrived', { count }));
    seen.current = count;
  }, [count, t]);

  const close = () => setOpened(false);
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifySuccess(t('messages.notificationsRead')),
      onError: (error) => notifyError(errorMessage(error, 'markNotificationsFailed')),
    });

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" trapFocus returnFocus withinPortal>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.bellLabel', { count })} onClick={() => setOpened((open) => !open)}>
            <Indicator label={badgeText(count)} disabled={count === 0} size={16} color="red" offset={2} inline>
              <IconBell size={22} stroke={1.7} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-labelledby={titleId} maw="calc(100vw - 16px)">
          <Stack gap={0}>
            <Group justify="space-between" px="sm" py="xs" gap="xs" wrap="nowrap" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fw={700} id={titleId}>
                {t('notifications.title')}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconChecks size={16} />}
                onClick={readAll}
                loading={markAll.isPending}
                disabled={count === 0}
              >
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
                    <NotificationList items={list.items} label={t('notifications.latest')} onOpen={close} />
                  </div>
                )}
              </QueryGate>
            </ScrollArea.Autosize>
            <Group justify="center" p="xs" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)' }}>
              <Button component={Link} to={paths.notifications} variant="subtle" size="compact-sm" onClick={close}>
                {t('notifications.seeAll')}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

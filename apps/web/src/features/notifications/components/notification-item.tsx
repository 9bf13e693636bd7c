// One notification in a list (the bell's popover, the Notifications page): its words, how long
// ago, and whether it is read (a dot, and said in words for screen readers). An entry with an app
// path is a link that marks it read on the way; one without has a "Mark as read" button.
import { Box, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@fieldops/shared/notifications';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useMarkNotificationReadMutation } from '../api/mark-notification-read.ts';
import { notificationTarget, notificationText } from './notification-text.ts';
import classes from './notification-item.module.css';

interface NotificationItemProps {
  notification: Notification;
  /** After the entry's link was followed (the popover closes). */
  onOpen?: () => void;
}

export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const markRead = useMarkNotificationReadMutation();
  const unread = notification.readAt === null;
  const target = notificationTarget(notification.link);

  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
          {unread ? <VisuallyHidden>{`${t('notifications.unreadMark')} `}</VisuallyHidden> : null}
          {notificationText(t, notification, language)}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt, language)}>
            {formatRelativeTime(notification.createdAt, language)}
          </time>
        </Text>
      </Stack>
    </Group>
  );

  if (target) {
    return (
      <UnstyledButton
        component={Link}
        to={target}
        className={classes.item}
        onClick={() => {
          if (unread) markRead.mutate(notification.id);
          onOpen?.();
        }}
      >
        {body}
      </UnstyledButton>
    );
  }
  return (
    <Group className={classes.item} justify="space-between" wrap="nowrap" gap="xs">
      {body}
      {unread ? (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconCheck size={14} />}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(notification.id)}
          style={{ flexShrink: 0 }}
        >
          {t('notifications.markRead')}
        </Button>
      ) : null}
    </Group>
  );
}

// The toasts, with their styles: loaded after the first screen (providers.tsx).
import '@mantine/notifications/styles.layer.css';
import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';
import classes from './notifications.module.css';

export function Notifications(props: NotificationsProps) {
  return <MantineNotifications {...props} classNames={{ root: classes.root }} />;
}

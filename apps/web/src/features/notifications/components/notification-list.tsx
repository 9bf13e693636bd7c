// Notifications as a list: each entry an item of its own, so a screen reader says how many.
import { Divider } from '@mantine/core';
import { Fragment } from 'react';
import type { Notification } from '@fieldops/shared/notifications';
import { NotificationItem } from './notification-item.tsx';

interface NotificationListProps {
  items: Notification[];
  label: string;
  onOpen?: () => void;
}

export function NotificationList({ items, label, onOpen }: NotificationListProps) {
  return (
    <ul role="list" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((notification, index) => (
        <Fragment key={notification.id}>
          {index > 0 ? <Divider component="li" role="presentation" /> : null}
          <li>
            <NotificationItem notification={notification} onOpen={onOpen} />
          </li>
        </Fragment>
      ))}
    </ul>
  );
}

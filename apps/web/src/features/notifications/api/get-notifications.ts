// GET /api/v1/notifications?unread=&before=&size=: the person's notifications, newest first, with
// the unread count and whether older ones remain; `before` (the last id shown) reads the next page.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

interface NotificationsParams {
  unreadOnly?: boolean;
  before?: number;
  size?: number;
}

export const getNotifications = ({ unreadOnly = false, before, size = NOTIFICATIONS_PAGE_SIZE }: NotificationsParams, signal?: AbortSignal) =>
  api.get<NotificationList>('/v1/notifications', { params: { unread: unreadOnly ? 'true' : undefined, before, size }, signal });

/** The newest `size`, read while `enabled` (the bell's popover is open). */
export function useLatestNotificationsQuery(size: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest(size),
    queryFn: ({ signal }) => getNotifications({ size }, signal),
    enabled,
  });
}

export function useNotificationPagesQuery(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages(unreadOnly),
    queryFn: ({ pageParam, signal }) => getNotifications({ unreadOnly, before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.id : undefined),
  });
}

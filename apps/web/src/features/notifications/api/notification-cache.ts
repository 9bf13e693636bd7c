// What marking read changes in the cache, shown at once: the entries' `readAt` in every list (the
// bell's and each page of the Notifications page) and the unread count. The mutation hooks read
// the lists again afterwards; the server's answer is what stays.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@fieldops/shared/notifications';
import type { UnreadCount } from './get-unread-count.ts';
import { notificationKeys } from './notification-keys.ts';

type CachedList = NotificationList | InfiniteData<NotificationList>;

const isPaged = (data: CachedList): data is InfiniteData<NotificationList> => 'pages' in data;

function markList(list: NotificationList, read: (item: Notification) => boolean, at: string): NotificationList {
  let changed = 0;
  const items = list.items.map((item) => {
    if (item.readAt || !read(item)) return item;
    changed += 1;
    return { ...item, readAt: at };
  });
  return changed ? { ...list, items, unread: Math.max(0, list.unread - changed) } : list;
}

/** Marks read the entries `read` picks; returns how many of them the cache held unread. */
export function markReadInCache(queryClient: QueryClient, read: (item: Notification) => boolean): number {
  const at = new Date().toISOString();
  const unreadSeen = new Set<number>();
  for (const [, data] of queryClient.getQueriesData<CachedList>({ queryKey: notificationKeys.lists })) {
    const lists = data ? (isPaged(data) ? data.pages : [data]) : [];
    for (const list of lists) for (const item of list.items) if (!item.readAt && read(item)) unreadSeen.add(item.id);
  }
  queryClient.setQueriesData<CachedList>({ queryKey: notificationKeys.lists }, (data) => {
    if (!data) return data;
    return isPaged(data) ? { ...data, pages: data.pages.map((page) => markList(page, read, at)) } : markList(data, read, at);
  });
  return unreadSeen.size;
}

export function setUnreadCount(queryClient: QueryClient, update: (unread: number) => number): void {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, (data) => (data ? { unread: Math.max(0, update(data.unread)) } : data));
}

// GET /api/v1/notifications/stream: server-sent events read with fetch (the call carries the
// bearer token and api key, which EventSource cannot send), through the live feed's client, which
// reconnects with growing delays. Each `unread` event ({"unread":N}, on opening and on every
// change) is put in the count's cache; a changed figure reads the lists again. Returns the
// connection's state: while it is not live, the count is read again on coming back to the window.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unreadCount } from '@fieldops/shared/notifications';
import { API_BASES } from '../../../lib/api-client.ts';
import { openLiveFeed, type LiveState } from '../../../lib/live-feed/live-feed-client.ts';
import type { UnreadCount } from './get-unread-count.ts';
import { notificationKeys } from './notification-keys.ts';

export const NOTIFICATIONS_STREAM_PATH = '/v1/notifications/stream';
/** The event that carries the count. */
export const UNREAD_EVENT = 'unread';

function readCount(data: string): number | null {
  try {
    const parsed = unreadCount.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.unread : null;
  } catch {
    return null;
  }
}

export function useUnreadStream(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('closed');

  useEffect(() => {
    const close = openLiveFeed({
      url: `${API_BASES.main}${NOTIFICATIONS_STREAM_PATH}`,
      onState: setState,
      onEvent: (event) => {
        if (event.event !== UNREAD_EVENT) return;
        const unread = readCount(event.data);
        if (unread === null) return;
        const before = queryClient.getQueryData<UnreadCount>(notificationKeys.unreadCount)?.unread;
        queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unread });
        if (before !== unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      },
    });
    return () => {
      close();
      setState('closed');
    };
  }, [queryClient]);

  return state;
}

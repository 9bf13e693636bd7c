// GET /api/v1/notifications/stream: server-sent events read with fetch (the call carries the
// bearer token and api key, which EventSource cannot send), through the live feed's client, which
// reconnects with growing delays. Each `unread` event ({"unread":N}, on opening and on every
// change) is put in the count's cache; a changed figure reads the lists again. Returns the
// connection's state: while it is not live, the count is read again on coming back to the window.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterLoad } from '../../../lib/after-load.ts';
import { API_BASES } from '../../../lib/api-client.ts';
import { openLiveFeed, type LiveState } from '../../../lib/live-feed/live-feed-client.ts';
import type { UnreadCount } from './get-unread-count.ts';
import { notificationKeys } from './notification-keys.ts';

export const NOTIFICATIONS_STREAM_PATH = '/v1/notifications/stream';
/** The event that carries the count. */
export const UNREAD_EVENT = 'unread';

/**
 * The count in an event's data, or null. Checked by hand: the schema library is not part of the
 * signed-in shell's first load, and this is its only use there.
 */
export function readCount(data: string): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const unread = (parsed as { unread?: unknown }).unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/**
 * The stream opens this long after the page's load event: the count's own call answers first,
 * and the stream, which holds a connection for as long as the page is open, stays out of the
 * first screen's requests (six at a time to one host over HTTP/1.1).
 */
export const STREAM_AFTER_LOAD_MS = 1_500;

export function useUnreadStream(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('closed');

  useEffect(() => {
    let close: (() => void) | null = null;
    const cancel = afterLoad(() => {
      close = openLiveFeed({
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
    }, STREAM_AFTER_LOAD_MS);
    return () => {
      cancel();
      close?.();
      setState('closed');
    };
  }, [queryClient]);

  return state;
}

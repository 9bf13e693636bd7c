// GET /api/v1/notifications/unread-count: the bell's figure. While the event stream is live it
// keeps the figure current (use-unread-stream.ts); while it is not, coming back to the window
// reads it again.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unreadCount } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export type UnreadCount = z.infer<typeof unreadCount>;

export const getUnreadCount = (signal?: AbortSignal) => api.get<UnreadCount>('/v1/notifications/unread-count', { signal });

export function useUnreadCountQuery(live: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (answer) => (typeof answer?.unread === 'number' ? answer.unread : 0),
    refetchOnWindowFocus: !live,
  });
}

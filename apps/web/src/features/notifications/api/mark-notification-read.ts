// POST /api/v1/notifications/{id}/read (204): one entry read, shown at once in the lists and the
// count; both are read again afterwards (on a refusal too, which puts back what the server has).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { markReadInCache, setUnreadCount } from './notification-cache.ts';
import { notificationKeys } from './notification-keys.ts';

export const markNotificationReadMutationKey = [...notificationKeys.all, 'read'] as const;

export const markNotificationRead = (id: number) => api.post<null>(`/v1/notifications/${id}/read`);

export function useMarkNotificationReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markNotificationReadMutationKey,
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const marked = markReadInCache(queryClient, (item) => item.id === id);
      if (marked) setUnreadCount(queryClient, (unread) => unread - marked);
    },
    // Not awaited: the person is on their way to the entry's page.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

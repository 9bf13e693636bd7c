// POST /api/v1/notifications/read-all (204): everything read. The count drops to none and every
// list shows its entries read; both are read again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { markReadInCache, setUnreadCount } from './notification-cache.ts';
import { notificationKeys } from './notification-keys.ts';

export const markAllReadMutationKey = [...notificationKeys.all, 'read-all'] as const;

export const markAllRead = () => api.post<null>('/v1/notifications/read-all');

export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markAllReadMutationKey,
    mutationFn: markAllRead,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(queryClient, () => true);
      setUnreadCount(queryClient, () => 0);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

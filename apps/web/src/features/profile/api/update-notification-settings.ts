// PUT /api/v1/account/notification-settings: the whole choice at once; the answer is what was
// saved, which goes straight into the cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export const updateNotificationSettingsMutationKey = [...profileKeys.notificationSettings, 'update'] as const;

export const updateNotificationSettings = (body: NotificationSettings) => api.put<NotificationSettings>('/v1/account/notification-settings', body);

export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateNotificationSettingsMutationKey,
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.notificationSettings, saved),
  });
}

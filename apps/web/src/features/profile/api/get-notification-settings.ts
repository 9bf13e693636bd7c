// GET /api/v1/account/notification-settings: which events reach the person on which channel, and
// their quiet hours (null when off).
import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export const getNotificationSettings = (signal?: AbortSignal) => api.get<NotificationSettings>('/v1/account/notification-settings', { signal });

export function useNotificationSettingsQuery() {
  return useQuery({ queryKey: profileKeys.notificationSettings, queryFn: ({ signal }) => getNotificationSettings(signal) });
}

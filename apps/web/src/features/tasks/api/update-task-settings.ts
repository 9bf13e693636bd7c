// PUT /services/workflow/api/v2/tasks/{taskId}/settings: switches the geofence on or off.
import { useMutation } from '@tanstack/react-query';
import type { Task, TaskSettingsRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const updateTaskSettingsMutationKey = ['tasks', 'settings'] as const;

export const updateTaskSettings = ({ taskId, body }: { taskId: number; body: TaskSettingsRequest }) =>
  api.put<Task>(`/v2/tasks/${taskId}/settings`, body, { base: 'workflow' });

export function useUpdateTaskSettingsMutation() {
  return useMutation({ mutationKey: updateTaskSettingsMutationKey, mutationFn: updateTaskSettings });
}

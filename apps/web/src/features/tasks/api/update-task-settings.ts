// PUT /services/workflow/api/v2/tasks/{taskId}/settings: switches the geofence on or off, sets the pass mark.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskSettingsRequest, TaskWithActions } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useTaskRefresh } from './refresh-task.ts';
import { taskKeys } from './task-keys.ts';

export const updateTaskSettingsMutationKey = ['tasks', 'settings'] as const;

export const updateTaskSettings = ({ taskId, body }: { taskId: number; body: TaskSettingsRequest }) =>
  api.put<Task>(`/v2/tasks/${taskId}/settings`, body, { base: 'workflow' });

/** The switch moves at once; a refusal puts the task as it was back. */
export function useUpdateTaskSettingsMutation(task: TaskWithActions) {
  const queryClient = useQueryClient();
  const refreshTask = useTaskRefresh();
  const key = taskKeys.detail(task.id);
  return useMutation({
    mutationKey: updateTaskSettingsMutationKey,
    mutationFn: updateTaskSettings,
    onMutate: ({ body }) => {
      queryClient.setQueryData<TaskWithActions>(key, {
        ...task,
        geoRestrictionEnabled: body.geoRestrictionEnabled ?? task.geoRestrictionEnabled,
        passMark: body.passMark === undefined ? task.passMark : body.passMark,
      });
    },
    onError: () => queryClient.setQueryData<TaskWithActions>(key, { ...task }),
    onSettled: () => void refreshTask(task.id),
  });
}

// What a change to a task loads again: the task and the task lists (their names, tags and counts
// of actions); a change to its actions also the tags, which count the actions using them.
import { useQueryClient } from '@tanstack/react-query';
import { taskKeys } from './task-keys.ts';

export function useTaskRefresh(): (taskId: number) => Promise<void> {
  const queryClient = useQueryClient();
  return async (taskId) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) }), queryClient.invalidateQueries({ queryKey: taskKeys.lists })]);
  };
}

export function useActionsRefresh(): (taskId: number) => Promise<void> {
  const queryClient = useQueryClient();
  const refreshTask = useTaskRefresh();
  return async (taskId) => {
    await Promise.all([refreshTask(taskId), queryClient.invalidateQueries({ queryKey: taskKeys.tags })]);
  };
}

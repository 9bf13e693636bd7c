// GET /services/workflow/api/v2/tasks/{taskId}?eagerLoad=true: one task with its actions in
// order. The task page reads its id from the last segment of its path (spec §2).
import { useQuery } from '@tanstack/react-query';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const fetchTask = (taskId: number, signal?: AbortSignal) =>
  api.get<TaskWithActions>(`/v2/tasks/${taskId}`, { base: 'workflow', params: { eagerLoad: true }, signal });

/** The task id of a task page: the last segment of its path (/tasks/42 → 42), or NaN. */
export function taskIdFromPath(pathname: string): number {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return /^\d+$/.test(last) ? Number(last) : Number.NaN;
}

export const isTaskId = (taskId: number) => Number.isInteger(taskId) && taskId > 0;

export function useTaskQuery(taskId: number) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => fetchTask(taskId, signal),
    enabled: isTaskId(taskId),
  });
}

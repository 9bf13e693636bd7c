// GET /services/workflow/api/v1/tasks?searchKey&page&size&sort=id,desc: one page of the
// business's tasks, newest first, with the total from X-Total-Count. The search key is sent
// trimmed (spec §5).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Task } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const TASKS_SORT = 'id,desc';

export const fetchTasks = (searchKey: string, page: number, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<Task>('/v1/tasks', {
    base: 'workflow',
    params: { searchKey: searchKey.trim() || undefined, page, size, sort: TASKS_SORT },
    signal,
  });

export function useTasksQuery(searchKey: string, page: number, size = DEFAULT_PAGE_SIZE) {
  const key = searchKey.trim();
  return useQuery({
    queryKey: taskKeys.list(key, page, size),
    queryFn: ({ signal }) => fetchTasks(key, page, size, signal),
    placeholderData: keepPreviousData,
  });
}

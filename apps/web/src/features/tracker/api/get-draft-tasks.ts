// GET /services/workflow/api/v1/tasks?draft=true: tasks without any execution plan (the Draft
// tab), 20 a page, total in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Task } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { trackerKeys } from './tracker-keys.ts';

export const fetchDraftTasks = (page: number, signal?: AbortSignal) =>
  api.list<Task>('/v1/tasks', {
    base: 'workflow',
    params: { draft: true, page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
    signal,
  });

export function useDraftTasksQuery(page: number, enabled = true) {
  return useQuery({
    queryKey: trackerKeys.draftTasks(page),
    queryFn: ({ signal }) => fetchDraftTasks(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

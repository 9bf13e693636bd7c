// The lists the submissions filters pick from: every task (newest first) and the business's tags,
// and the actions of the chosen tag (the live view filters new answers by them).
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, MAX_TAGS_PER_BUSINESS } from '@fieldops/shared/limits';
import type { Tag, Task } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

export function useReportTasksQuery() {
  return useQuery({
    queryKey: reportKeys.tasks,
    queryFn: ({ signal }) => api.list<Task>('/v1/tasks', { base: 'workflow', params: { page: 0, size: MAX_PAGE_SIZE, sort: 'id,desc' }, signal }),
  });
}

export function useReportTagsQuery() {
  return useQuery({
    queryKey: reportKeys.tags,
    queryFn: ({ signal }) => api.list<Tag>('/v1/tags', { base: 'workflow', params: { page: 0, size: MAX_TAGS_PER_BUSINESS }, signal }),
  });
}

/** The ids of the actions carrying the tag (null while unknown or without a tag). */
export function useTagActionIds(tagId: number | null): ReadonlySet<number> | null {
  const query = useQuery({
    queryKey: reportKeys.tagActions(tagId ?? 0),
    queryFn: ({ signal }) => api.list<{ id: number }>(`/v1/tags/${tagId}/actions`, { base: 'workflow', params: { page: 0, size: MAX_PAGE_SIZE }, signal }),
    enabled: tagId !== null,
  });
  if (tagId === null || !query.data) return null;
  return new Set(query.data.data.map((action) => action.id));
}

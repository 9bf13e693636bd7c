// GET /services/workflow/api/v1/tags: the business's tags (at most 3), for the tag pickers.
import { useQuery } from '@tanstack/react-query';
import { MAX_TAGS_PER_BUSINESS } from '@fieldops/shared/limits';
import type { Tag } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const fetchTags = (signal?: AbortSignal) => api.list<Tag>('/v1/tags', { base: 'workflow', params: { page: 0, size: MAX_TAGS_PER_BUSINESS }, signal });

export function useTagsQuery() {
  return useQuery({ queryKey: taskKeys.tags, queryFn: ({ signal }) => fetchTags(signal) });
}

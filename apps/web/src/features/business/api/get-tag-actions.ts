// GET /services/workflow/api/v1/tags/{id}/actions?page&size: one page of the actions using a
// tag, each with its task's names; needs the tag's id.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MSG } from '@fieldops/shared/messages';
import type { TagAction } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';
import { requireTagId } from './tag-id-guard.ts';

export const TAG_ACTIONS_PAGE_SIZE = 10;

export const fetchTagActions = async (tagId: number | null | undefined, page: number, signal?: AbortSignal) =>
  api.list<TagAction>(`/v1/tags/${requireTagId(tagId, MSG.tagIdRequiredActions)}/actions`, {
    base: 'workflow',
    params: { page, size: TAG_ACTIONS_PAGE_SIZE },
    signal,
  });

export function useTagActionsQuery(tagId: number | null, page: number) {
  return useQuery({
    queryKey: businessKeys.tagActions(tagId, page),
    queryFn: ({ signal }) => fetchTagActions(tagId, page, signal),
    enabled: tagId !== null,
    placeholderData: keepPreviousData,
  });
}

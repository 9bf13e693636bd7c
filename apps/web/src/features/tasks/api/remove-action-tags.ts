// DELETE /services/workflow/api/v1/actions/remove/tags (with a body): takes tags off an action.
import { useMutation } from '@tanstack/react-query';
import type { ActionTagsRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const removeActionTagsMutationKey = ['actions', 'tags', 'remove'] as const;

export const removeActionTags = (body: ActionTagsRequest) => api.delete<unknown>('/v1/actions/remove/tags', { base: 'workflow', body });

export function useRemoveActionTagsMutation() {
  return useMutation({ mutationKey: removeActionTagsMutationKey, mutationFn: removeActionTags });
}

// POST /services/workflow/api/v1/actions/assign/tags: adds tags to an action.
import { useMutation } from '@tanstack/react-query';
import type { ActionTagsRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const assignActionTagsMutationKey = ['actions', 'tags', 'assign'] as const;

export const assignActionTags = (body: ActionTagsRequest) => api.post<unknown>('/v1/actions/assign/tags', body, { base: 'workflow' });

export function useAssignActionTagsMutation() {
  return useMutation({ mutationKey: assignActionTagsMutationKey, mutationFn: assignActionTags });
}

// DELETE /services/workflow/api/v1/actions/{id}/image: the instruction shows no picture any more.
import { useMutation } from '@tanstack/react-query';
import type { Action } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const removeActionImageMutationKey = ['actions', 'image', 'remove'] as const;

export const removeActionImage = ({ actionId }: { actionId: number }) => api.delete<Action>(`/v1/actions/${actionId}/image`, { base: 'workflow' });

/** The task is loaded again by the caller (useActionsRefresh), once after the whole save. */
export function useRemoveActionImageMutation() {
  return useMutation({ mutationKey: removeActionImageMutationKey, mutationFn: removeActionImage });
}

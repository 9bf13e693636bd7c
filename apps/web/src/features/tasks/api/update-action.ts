// PUT /services/workflow/api/v1/actions/{id}: an action's words, type, options and required
// flag (its tags change through assign and remove).
import { useMutation } from '@tanstack/react-query';
import type { Action, ActionUpdateRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const updateActionMutationKey = ['actions', 'update'] as const;

export const updateAction = ({ actionId, body }: { actionId: number; body: ActionUpdateRequest }) =>
  api.put<Action>(`/v1/actions/${actionId}`, body, { base: 'workflow' });

export function useUpdateActionMutation() {
  return useMutation({ mutationKey: updateActionMutationKey, mutationFn: updateAction });
}

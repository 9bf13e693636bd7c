// POST /services/workflow/api/v1/actions/order: every action of the task, once, in the new order.
import { useMutation } from '@tanstack/react-query';
import type { ReorderActionsRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const reorderActionsMutationKey = ['actions', 'order'] as const;

export const reorderActions = (body: ReorderActionsRequest) => api.post<unknown>('/v1/actions/order', body, { base: 'workflow' });

export function useReorderActionsMutation() {
  return useMutation({ mutationKey: reorderActionsMutationKey, mutationFn: reorderActions });
}

// POST /services/workflow/api/v1/action-results/{id}/override: an answer kept for its location
// (outside the site area, or its location unverified) counts from now on, with the reason given.
// The schedules are fetched again, as their status and progress may move with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionResult, OverrideRequest } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { trackerKeys } from './tracker-keys.ts';

export const overrideAnswer = ({ answerId, ...body }: OverrideRequest & { answerId: number }) =>
  api.post<ActionResult>(`/v1/action-results/${answerId}/override`, body, { base: 'workflow' });

export function useOverrideAnswerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideAnswer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackerKeys.schedules }),
  });
}

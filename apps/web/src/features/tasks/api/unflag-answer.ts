// PUT /services/workflow/api/v1/action-results/{id}/unflag: the answer no longer needs attention.
// The hook takes it out of the shown page of flagged answers at once and puts it back if the
// server refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionResult } from '@fieldops/shared/answers';
import { api, type ListResult } from '../../../lib/api-client.ts';
import { answerKeys } from './task-keys.ts';

export const unflagAnswerMutationKey = ['action-results', 'unflag'] as const;

export const unflagAnswer = (answerId: number) => api.put<ActionResult>(`/v1/action-results/${answerId}/unflag`, undefined, { base: 'workflow' });

export function useUnflagAnswerMutation(taskId: number, page: number) {
  const queryClient = useQueryClient();
  const key = answerKeys.flagged(taskId, page);
  return useMutation({
    mutationKey: unflagAnswerMutationKey,
    mutationFn: unflagAnswer,
    onMutate: async (answerId: number) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListResult<ActionResult>>(key);
      if (previous) {
        queryClient.setQueryData<ListResult<ActionResult>>(key, {
          data: previous.data.filter((answer) => answer.id !== answerId),
          total: Math.max(0, previous.total - 1),
        });
      }
      return { previous };
    },
    onError: (_error, _answerId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // Lists, details and histories all show the flag.
    onSettled: () => queryClient.invalidateQueries({ queryKey: answerKeys.all }),
  });
}

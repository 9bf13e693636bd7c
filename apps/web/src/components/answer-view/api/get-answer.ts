// GET /services/workflow/api/v1/action-results/{id}: one answer, for the answer detail drawer.
import { useQuery } from '@tanstack/react-query';
import type { ActionResult } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { answerViewKeys } from './answer-view-keys.ts';

export const fetchAnswer = (answerId: number, signal?: AbortSignal) => api.get<ActionResult>(`/v1/action-results/${answerId}`, { base: 'workflow', signal });

/** `known` (the copy a list already holds) is shown at once while the latest copy loads. */
export function useAnswerQuery(answerId: number | null, known?: ActionResult | null) {
  return useQuery({
    queryKey: answerViewKeys.answer(answerId ?? 0),
    queryFn: ({ signal }) => fetchAnswer(answerId ?? 0, signal),
    enabled: answerId !== null,
    placeholderData: known && known.id === answerId ? known : undefined,
  });
}

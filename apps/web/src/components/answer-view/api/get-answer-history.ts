// GET /services/workflow/api/v1/users/{userId}/actions/{actionId}/action-results?page&size&sort=
// createdDate,desc: one member's answers to one action, newest first (the answer's history).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActionResult } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { answerViewKeys } from './answer-view-keys.ts';

export const ANSWER_HISTORY_PAGE_SIZE = 10;

export const fetchAnswerHistory = (userId: number, actionId: number, page: number, signal?: AbortSignal) =>
  api.list<ActionResult>(`/v1/users/${userId}/actions/${actionId}/action-results`, {
    base: 'workflow',
    params: { page, size: ANSWER_HISTORY_PAGE_SIZE, sort: 'createdDate,desc' },
    signal,
  });

export function useAnswerHistoryQuery(target: { userId: number; actionId: number } | null, page: number) {
  return useQuery({
    queryKey: answerViewKeys.history(target?.userId ?? 0, target?.actionId ?? 0, page),
    queryFn: ({ signal }) => fetchAnswerHistory(target?.userId ?? 0, target?.actionId ?? 0, page, signal),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
}

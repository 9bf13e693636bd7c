// GET /services/workflow/api/v1/action-results/flagged?isFlagged=true&task&page&size&sort=
// createdDate,desc: one page of a task's 'Answers needing attention', newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { answerKeys } from './task-keys.ts';

export const ANSWERS_SORT = 'createdDate,desc';

export const fetchFlaggedAnswers = (taskId: number, page: number, signal?: AbortSignal) =>
  api.list<ActionResult>('/v1/action-results/flagged', {
    base: 'workflow',
    params: { isFlagged: true, task: taskId, page, size: DEFAULT_PAGE_SIZE, sort: ANSWERS_SORT },
    signal,
  });

export function useFlaggedAnswersQuery(taskId: number, page: number) {
  return useQuery({
    queryKey: answerKeys.flagged(taskId, page),
    queryFn: ({ signal }) => fetchFlaggedAnswers(taskId, page, signal),
    placeholderData: keepPreviousData,
  });
}

// GET /services/workflow/api/v1/report/latest/result?task&page&size: one page of a task's
// 'Recent submitted actions', newest first, with X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { answerKeys } from './task-keys.ts';

export const fetchLatestAnswers = (taskId: number, page: number, signal?: AbortSignal) =>
  api.list<ActionResult>('/v1/report/latest/result', {
    base: 'workflow',
    params: { task: taskId, page, size: DEFAULT_PAGE_SIZE },
    signal,
  });

export function useLatestAnswersQuery(taskId: number, page: number) {
  return useQuery({
    queryKey: answerKeys.latest(taskId, page),
    queryFn: ({ signal }) => fetchLatestAnswers(taskId, page, signal),
    placeholderData: keepPreviousData,
  });
}

// GET /services/workflow/api/v1/report/latest/result with the submissions filters: one page of
// answers, newest first, with X-Total-Count (packages/shared/src/reports.ts `submissionsQuery`).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { api, type QueryValue } from '../../../lib/api-client.ts';
import type { SubmissionFilters } from '../submission-filters.ts';
import { reportKeys } from './report-keys.ts';

export const SUBMISSIONS_PATH = '/v1/report/latest/result';

/** The query parameters of the filters (lists as comma lists, absent ones left out). */
export function submissionParams(filters: SubmissionFilters): Record<string, QueryValue> {
  return {
    startDate: filters.startDate,
    endDate: filters.endDate,
    projects: filters.projects,
    teams: filters.sites,
    users: filters.member === null ? undefined : [filters.member],
    task: filters.task,
    tag: filters.tag,
    delayed: filters.delayed ? 'true' : undefined,
  };
}

export const fetchSubmissions = (filters: SubmissionFilters, page: number, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<ActionResult>(SUBMISSIONS_PATH, {
    base: 'workflow',
    params: { ...submissionParams(filters), page, size },
    signal,
  });

export function useSubmissionsQuery(filters: SubmissionFilters, page: number) {
  return useQuery({
    queryKey: reportKeys.submissionsPage(filters, page),
    queryFn: ({ signal }) => fetchSubmissions(filters, page, DEFAULT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** Reads every page of submissions again (after the live view, which only adds arrivals above). */
export function useSubmissionsRefresh(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reportKeys.submissions });
}

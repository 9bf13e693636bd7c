// GET /services/workflow/api/v1/photo-reviews/counts with the reports' filters (days, projects,
// sites, member, task, tag, arrived after a delay): the photos of those answers sampled, flagged,
// waiting, and found fine or suspicious.
import { useQuery } from '@tanstack/react-query';
import type { PhotoReviewCounts } from '@fieldops/shared/evidence';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

export const PHOTO_REVIEW_COUNTS_PATH = '/v1/photo-reviews/counts';

export const photoReviewCountParams = (filters: SubmissionFilters) => ({
  startDate: filters.startDate,
  endDate: filters.endDate,
  projects: filters.projects,
  teams: filters.sites,
  users: filters.member === null ? undefined : [filters.member],
  task: filters.task,
  tag: filters.tag ?? undefined,
  delayed: filters.delayed ? 'true' : undefined,
});

export function usePhotoReviewCountsFor(filters: SubmissionFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...sharedKeys.answers, 'photo-review-counts', filters] as const,
    queryFn: ({ signal }) => api.get<PhotoReviewCounts>(PHOTO_REVIEW_COUNTS_PATH, { base: 'workflow', params: photoReviewCountParams(filters), signal }),
    enabled,
  });
}

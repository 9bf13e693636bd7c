// The photo review queue (workflow base): GET /v1/photo-reviews?state (paged, X-Total-Count) and
// /counts, PUT /v1/photo-reviews/{answerId} {verdict}, GET and PUT /v1/photo-reviews/settings.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoReview, PhotoReviewCounts, PhotoReviewSettings, PhotoReviewState, PhotoVerdict } from '@fieldops/shared/evidence';
import { api } from '../../../lib/api-client.ts';
import { photoReviewKeys } from './photo-review-keys.ts';

export const PHOTO_REVIEWS_PAGE_SIZE = 10;
const PATH = '/v1/photo-reviews';

export const getPhotoReviews = (state: PhotoReviewState, page: number, signal?: AbortSignal) =>
  api.list<PhotoReview>(PATH, { base: 'workflow', params: { state, page, size: PHOTO_REVIEWS_PAGE_SIZE }, signal });

export function usePhotoReviewsQuery(state: PhotoReviewState, page: number) {
  return useQuery({
    queryKey: photoReviewKeys.list(state, page),
    queryFn: ({ signal }) => getPhotoReviews(state, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePhotoReviewCountsQuery() {
  return useQuery({
    queryKey: photoReviewKeys.counts(),
    queryFn: ({ signal }) => api.get<PhotoReviewCounts>(`${PATH}/counts`, { base: 'workflow', signal }),
  });
}

export function usePhotoReviewSettingsQuery() {
  return useQuery({
    queryKey: photoReviewKeys.settings(),
    queryFn: ({ signal }) => api.get<PhotoReviewSettings>(`${PATH}/settings`, { base: 'workflow', signal }),
  });
}

export function useSavePhotoReviewSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...photoReviewKeys.all, 'settings', 'save'],
    mutationFn: (settings: PhotoReviewSettings) => api.put<PhotoReviewSettings>(`${PATH}/settings`, settings, { base: 'workflow' }),
    onSuccess: (saved) => queryClient.setQueryData(photoReviewKeys.settings(), saved),
  });
}

/** Marks a photo fine or suspicious; the queue and its counts are read again. */
export function useJudgePhotoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...photoReviewKeys.all, 'judge'],
    mutationFn: ({ answerId, verdict }: { answerId: number; verdict: PhotoVerdict }) =>
      api.put<PhotoReview>(`${PATH}/${answerId}`, { verdict }, { base: 'workflow' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoReviewKeys.all }),
  });
}

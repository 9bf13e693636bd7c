// The photo review feature's query keys: the queue's pages by state and site, its counts, its settings.
import type { PhotoReviewState } from '@fieldops/shared/evidence';

const all = ['photo-reviews'] as const;

export const photoReviewKeys = {
  all,
  list: (state: PhotoReviewState, page: number) => [...all, 'list', { state, page }] as const,
  counts: () => [...all, 'counts'] as const,
  settings: () => [...all, 'settings'] as const,
};

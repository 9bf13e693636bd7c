// GET /services/workflow/api/v1/report/answers/map with the submissions filters: the newest
// answers with a position, each with its location status, their sites' geofences and the total
// (packages/shared/src/answers-map.ts); and where the maps' tiles come from.
import { useQuery } from '@tanstack/react-query';
import type { AnswersMap } from '@fieldops/shared/answers-map';
import type { MapSettings } from '@fieldops/shared/maps';
import { api } from '../../../lib/api-client.ts';
import type { SubmissionFilters } from '../submission-filters.ts';
import { submissionParams } from './get-submissions.ts';
import { reportKeys } from './report-keys.ts';

export const ANSWERS_MAP_PATH = '/v1/report/answers/map';

export const fetchAnswersMap = (filters: SubmissionFilters, signal?: AbortSignal) =>
  api.get<AnswersMap>(ANSWERS_MAP_PATH, { base: 'workflow', params: submissionParams(filters), signal });

export function useAnswersMapQuery(filters: SubmissionFilters, enabled: boolean) {
  return useQuery({ queryKey: reportKeys.answersMap(filters), queryFn: ({ signal }) => fetchAnswersMap(filters, signal), enabled });
}

/** The same key as the sites pages' settings: read once a visit. */
export function useMapTilesQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['maps', 'settings'] as const,
    queryFn: ({ signal }) => api.get<MapSettings>('/v1/maps/settings', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
}

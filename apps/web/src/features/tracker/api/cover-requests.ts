// Cover requests (workflow base): GET /v1/cover-requests (those of the caller's sites and their
// own), GET /v1/schedules/{id}/cover-requests (a schedule's history), POST
// /v1/schedules/{id}/cover-requests (ask), and POST /v1/cover-requests/{id}/accept | assign |
// withdraw. Every change refreshes the schedules, whose holder it may have changed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { TeamMember } from '@fieldops/shared/organisation';
import type { CoverAssign, CoverRequest, CoverRequestCreate } from '@fieldops/shared/pool';
import { api } from '../../../lib/api-client.ts';
import { poolKeys } from './pool-keys.ts';
import { trackerKeys } from './tracker-keys.ts';
import { OPEN_POOL_REFRESH_MS } from './get-open-pool.ts';

export const fetchCoverRequests = (status: 'OPEN' | 'ALL', signal?: AbortSignal) =>
  api.get<CoverRequest[]>('/v1/cover-requests', { base: 'workflow', params: { status }, signal });

export function useCoverRequestsQuery(status: 'OPEN' | 'ALL' = 'OPEN', enabled = true) {
  return useQuery({
    queryKey: poolKeys.cover(status),
    queryFn: ({ signal }) => fetchCoverRequests(status, signal),
    refetchOnWindowFocus: 'always',
    refetchInterval: OPEN_POOL_REFRESH_MS,
    enabled,
  });
}

export function useCoverHistoryQuery(scheduleId: number) {
  return useQuery({
    queryKey: poolKeys.history(scheduleId),
    queryFn: ({ signal }) => api.get<CoverRequest[]>(`/v1/schedules/${scheduleId}/cover-requests`, { base: 'workflow', signal }),
  });
}

export const askCover = (scheduleId: number, body: CoverRequestCreate) =>
  api.post<CoverRequest>(`/v1/schedules/${scheduleId}/cover-requests`, body, { base: 'workflow' });

type Decision = { id: number; verb: 'accept' | 'withdraw' } | { id: number; verb: 'assign'; body: CoverAssign };
export const decideCover = (decision: Decision) =>
  api.post<CoverRequest>(`/v1/cover-requests/${decision.id}/${decision.verb}`, decision.verb === 'assign' ? decision.body : undefined, { base: 'workflow' });

/**
 * Refreshes the schedules without waiting: the request's row leaves the list once refetched, and a
 * caller's own success callback (its message) must run before that unmounts it.
 */
function useRefreshSchedules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trackerKeys.schedules });
  };
}

export function useAskCoverMutation(scheduleId: number) {
  const refresh = useRefreshSchedules();
  return useMutation({ mutationFn: (body: CoverRequestCreate) => askCover(scheduleId, body), onSettled: refresh });
}

export function useDecideCoverMutation() {
  const refresh = useRefreshSchedules();
  return useMutation({ mutationFn: decideCover, onSettled: refresh });
}

/** The members of a request's site, whom a manager may assign (GET /api/v2/teams/{id}/members). */
export function useCoverSiteMembersQuery(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...poolKeys.cover('OPEN'), 'site-members', teamId] as const,
    queryFn: ({ signal }) => api.list<TeamMember>(`/v2/teams/${teamId}/members`, { params: { page: 0, size: MAX_PAGE_SIZE }, signal }),
    enabled,
  });
}

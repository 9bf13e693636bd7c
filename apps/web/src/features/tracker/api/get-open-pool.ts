// GET /services/workflow/api/v1/schedules/pool: the pooled schedules nobody has taken yet that
// the caller may take. There is no live feed of schedules, so the list is fetched again when the
// window regains focus and every 30 seconds while shown: a schedule a colleague took goes away.
import { useQuery } from '@tanstack/react-query';
import type { OpenSchedule } from '@fieldops/shared/pool';
import { api } from '../../../lib/api-client.ts';
import { poolKeys } from './pool-keys.ts';

export const OPEN_POOL_REFRESH_MS = 30_000;

export const fetchOpenPool = (signal?: AbortSignal) => api.get<OpenSchedule[]>('/v1/schedules/pool', { base: 'workflow', signal });

export function useOpenPoolQuery(enabled = true) {
  return useQuery({
    queryKey: poolKeys.open,
    queryFn: ({ signal }) => fetchOpenPool(signal),
    refetchOnWindowFocus: 'always',
    refetchInterval: OPEN_POOL_REFRESH_MS,
    enabled,
  });
}

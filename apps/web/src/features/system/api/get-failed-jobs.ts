// GET /api/v1/jobs/failed (owners and admins): background jobs that used up their tries — what,
// why, when and how many tries.
import { useQuery } from '@tanstack/react-query';
import type { FailedJob } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export const getFailedJobs = (signal?: AbortSignal) => api.get<FailedJob[]>('/v1/jobs/failed', { signal });

export function useFailedJobsQuery() {
  return useQuery({ queryKey: systemKeys.failedJobs, queryFn: ({ signal }) => getFailedJobs(signal) });
}

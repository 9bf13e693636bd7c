// GET /services/workflow/api/schedules/{id}/inspection/shares: the links made to share one
// inspection's report, live, expired and revoked, with who made each and when.
import { useQuery } from '@tanstack/react-query';
import type { InspectionShare } from '@fieldops/shared/inspections';
import { api } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

export const fetchInspectionShares = (scheduleId: number, signal?: AbortSignal) =>
  api.get<InspectionShare[]>(`/schedules/${scheduleId}/inspection/shares`, { base: 'workflow', signal });

export function useInspectionSharesQuery(scheduleId: number, enabled = true) {
  return useQuery({
    queryKey: inspectionKeys.shares(scheduleId),
    queryFn: ({ signal }) => fetchInspectionShares(scheduleId, signal),
    enabled,
  });
}

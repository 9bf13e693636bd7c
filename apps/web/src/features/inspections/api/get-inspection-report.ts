// GET /services/workflow/api/schedules/{id}/inspection/report: one schedule's inspection (its
// answers read with the task version they were given to, and its score), the business as the
// report's cover shows it, and the member's position.
import { useQuery } from '@tanstack/react-query';
import type { InspectionReport } from '@fieldops/shared/inspections';
import { api } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

export const fetchInspectionReport = (scheduleId: number, signal?: AbortSignal) =>
  api.get<InspectionReport>(`/schedules/${scheduleId}/inspection/report`, { base: 'workflow', signal });

export function useInspectionReportQuery(scheduleId: number, enabled = true) {
  return useQuery({
    queryKey: inspectionKeys.report(scheduleId),
    queryFn: ({ signal }) => fetchInspectionReport(scheduleId, signal),
    enabled,
  });
}

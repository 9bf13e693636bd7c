// POST /services/workflow/api/schedules/{id}/inspection/shares: a new link to the report that works
// for `days` days unless revoked. Its address comes back this once (only its hash is kept).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InspectionShareCreated, InspectionShareRequest } from '@fieldops/shared/inspections';
import { api } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

export const createInspectionShare = (scheduleId: number, body: InspectionShareRequest) =>
  api.post<InspectionShareCreated>(`/schedules/${scheduleId}/inspection/shares`, body, { base: 'workflow' });

export function useCreateInspectionShareMutation(scheduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...inspectionKeys.shares(scheduleId), 'create'],
    mutationFn: (body: InspectionShareRequest) => createInspectionShare(scheduleId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.shares(scheduleId) }),
  });
}

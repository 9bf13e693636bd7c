// DELETE /services/workflow/api/inspection-shares/{shareId}: the link stops working at once; it
// stays in the list as revoked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

export const revokeInspectionShare = (shareId: number) => api.delete(`/inspection-shares/${shareId}`, { base: 'workflow' });

export function useRevokeInspectionShareMutation(scheduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...inspectionKeys.shares(scheduleId), 'revoke'],
    mutationFn: revokeInspectionShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.shares(scheduleId) }),
  });
}

// PUT /services/helpdesk/api/v1/assignment-config: sets who receives new tickets without an
// assignee (owners and admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentConfig, AssignmentConfigRequest } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const updateAssignmentConfigMutationKey = ['assignment-config', 'update'] as const;

export const updateAssignmentConfig = (body: AssignmentConfigRequest) => api.put<AssignmentConfig>('/v1/assignment-config', body, { base: 'helpdesk' });

export function useUpdateAssignmentConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateAssignmentConfigMutationKey,
    mutationFn: updateAssignmentConfig,
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessKeys.assignmentConfig, saved);
      // Saved as the first routing rule.
      await queryClient.invalidateQueries({ queryKey: businessKeys.routingRules });
    },
  });
}

// PUT /services/helpdesk/api/v1/sla-policies: replaces the SLA rules (owners and admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlaPoliciesRequest, SlaRule } from '@fieldops/shared/sla-policies';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const updateSlaRulesMutationKey = ['sla-policies', 'update'] as const;

export const updateSlaRules = (body: SlaPoliciesRequest) => api.put<SlaRule[]>('/v1/sla-policies', body, { base: 'helpdesk' });

export function useUpdateSlaRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSlaRulesMutationKey,
    mutationFn: updateSlaRules,
    onSuccess: (saved) => queryClient.setQueryData(businessKeys.slaRules, saved),
  });
}

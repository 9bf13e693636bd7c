// PUT /services/helpdesk/api/v1/ticket-routing-rules: replaces the ordered routing rules (owners
// and admins). The assignment configuration is read from the first rule, so it is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoutingRule, RoutingRulesRequest } from '@fieldops/shared/ticket-routing';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const updateRoutingRulesMutationKey = ['ticket-routing-rules', 'update'] as const;

export const updateRoutingRules = (body: RoutingRulesRequest) => api.put<RoutingRule[]>('/v1/ticket-routing-rules', body, { base: 'helpdesk' });

export function useUpdateRoutingRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateRoutingRulesMutationKey,
    mutationFn: updateRoutingRules,
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessKeys.routingRules, saved);
      await queryClient.invalidateQueries({ queryKey: businessKeys.assignmentConfig });
    },
  });
}

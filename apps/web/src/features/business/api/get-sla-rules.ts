// GET /services/helpdesk/api/v1/sla-policies: the helpdesk's SLA rules.
import { useQuery } from '@tanstack/react-query';
import type { SlaRule } from '@fieldops/shared/sla-policies';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchSlaRules = (signal?: AbortSignal) => api.get<SlaRule[]>('/v1/sla-policies', { base: 'helpdesk', signal });

export function useSlaRulesQuery() {
  return useQuery({ queryKey: businessKeys.slaRules, queryFn: ({ signal }) => fetchSlaRules(signal) });
}

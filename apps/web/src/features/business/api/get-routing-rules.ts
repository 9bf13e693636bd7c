// GET /services/helpdesk/api/v1/ticket-routing-rules: the helpdesk's routing rules, in order.
import { useQuery } from '@tanstack/react-query';
import type { RoutingRule } from '@fieldops/shared/ticket-routing';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchRoutingRules = (signal?: AbortSignal) => api.get<RoutingRule[]>('/v1/ticket-routing-rules', { base: 'helpdesk', signal });

export function useRoutingRulesQuery() {
  return useQuery({ queryKey: businessKeys.routingRules, queryFn: ({ signal }) => fetchRoutingRules(signal) });
}

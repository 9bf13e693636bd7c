// GET /api/v1/business/security (owners and admins): whether owners and administrators must sign
// in with two factors, and how many days the audit log keeps (the defaults until saved).
import { useQuery } from '@tanstack/react-query';
import type { BusinessSecurity } from '@fieldops/shared/two-factor';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchSecurity = (signal?: AbortSignal) => api.get<BusinessSecurity>('/v1/business/security', { signal });

export function useSecurityQuery() {
  return useQuery({ queryKey: businessKeys.security, queryFn: ({ signal }) => fetchSecurity(signal) });
}

// PUT /api/v1/business/security (owners and admins): the saved settings come back and replace the
// cached ones.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessSecurity, BusinessSecurityRequest } from '@fieldops/shared/two-factor';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const updateSecurityMutationKey = ['business-security', 'update'] as const;

export const updateSecurity = (body: BusinessSecurityRequest) => api.put<BusinessSecurity>('/v1/business/security', body);

export function useUpdateSecurityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSecurityMutationKey,
    mutationFn: updateSecurity,
    onSuccess: (saved) => queryClient.setQueryData(businessKeys.security, saved),
  });
}

// POST /api/v1/onboarding/user/{userId}/business: the signed-in user's first business. A session
// loaded before it is dropped, so the next page loads the one of the new business.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, OnboardingBusinessRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session/use-session-query.ts';

export const createBusinessMutationKey = ['onboarding', 'business'] as const;

export const createBusiness = ({ userId, body }: { userId: number; body: OnboardingBusinessRequest }) =>
  api.post<Business>(`/v1/onboarding/user/${userId}/business`, body);

export function useCreateBusinessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createBusinessMutationKey,
    mutationFn: createBusiness,
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionQueryKey }),
  });
}

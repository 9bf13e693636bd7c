// POST /api/v1/onboarding/user/{userId}/business: the signed-in user's first business.
import { useMutation } from '@tanstack/react-query';
import type { Business, OnboardingBusinessRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const createBusinessMutationKey = ['onboarding', 'business'] as const;

export const createBusiness = ({ userId, body }: { userId: number; body: OnboardingBusinessRequest }) =>
  api.post<Business>(`/v1/onboarding/user/${userId}/business`, body);

export function useCreateBusinessMutation() {
  return useMutation({ mutationKey: createBusinessMutationKey, mutationFn: createBusiness });
}

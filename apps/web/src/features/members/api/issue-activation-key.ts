// POST /api/v1/users/{userId}/activation-key: a new key valid for another week; the old one
// stops working. The answer replaces the cached key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ActivationKey } from './get-activation-key.ts';
import { memberKeys } from './member-keys.ts';

export const issueActivationKeyMutationKey = ['members', 'activation-key', 'issue'] as const;

export const issueActivationKey = (userId: number) => api.post<ActivationKey>(`/v1/users/${userId}/activation-key`);

export function useIssueActivationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: issueActivationKeyMutationKey,
    mutationFn: issueActivationKey,
    onSuccess: (key) => queryClient.setQueryData(memberKeys.activationKey(key.userId), key),
  });
}

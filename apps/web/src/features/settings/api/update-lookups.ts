// PUT /api/v1/business/config/api-key/{apiKey}/lookup: replaces the project and site types
// (listed ids are kept and renamed, new ones added, missing ones removed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lookups } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { setSessionLookups } from '../../../lib/session/update-session.ts';

export const updateLookupsMutationKey = ['lookups', 'update'] as const;

export const updateLookups = ({ apiKey, body }: { apiKey: string; body: Lookups }) =>
  api.put<Lookups>(`/v1/business/config/api-key/${encodeURIComponent(apiKey)}/lookup`, body);

export function useUpdateLookupsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateLookupsMutationKey,
    mutationFn: updateLookups,
    onSuccess: (saved, { apiKey }) => {
      setSessionLookups(queryClient, apiKey, saved);
      // Projects and sites show their type's names.
      void Promise.all([queryClient.invalidateQueries({ queryKey: sharedKeys.projects }), queryClient.invalidateQueries({ queryKey: sharedKeys.sites })]);
    },
  });
}

// PUT /api/v1/business/config/api-key/{apiKey}/lookup: replaces the project and site types
// (listed ids are kept and renamed, new ones added, missing ones removed).
import { useMutation } from '@tanstack/react-query';
import type { Lookups } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const updateLookupsMutationKey = ['lookups', 'update'] as const;

export const updateLookups = ({ apiKey, body }: { apiKey: string; body: Lookups }) =>
  api.put<Lookups>(`/v1/business/config/api-key/${encodeURIComponent(apiKey)}/lookup`, body);

export function useUpdateLookupsMutation() {
  return useMutation({ mutationKey: updateLookupsMutationKey, mutationFn: updateLookups });
}

// POST /api/v1/kiosks {teamId, name} (201): a new kiosk for a site and its one-time enrolment
// code, which the server shows this once; the list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateKioskRequest, CreatedKiosk } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';
import { kioskKeys } from './kiosk-keys.ts';

export const createKioskMutationKey = [...kioskKeys.all, 'create'] as const;

export const createKiosk = (body: CreateKioskRequest) => api.post<CreatedKiosk>('/v1/kiosks', body);

export function useCreateKioskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createKioskMutationKey,
    mutationFn: createKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}

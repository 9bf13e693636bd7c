// PUT /api/v1/users/{userId}/kiosk-pin {pin} (204): an administrator sets the PIN a member signs
// in with on their site's kiosk. Nothing shown in the app holds the PIN, so nothing is read again.
import { useMutation } from '@tanstack/react-query';
import type { KioskPinRequest } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';

export const setKioskPinMutationKey = ['members', 'kiosk-pin', 'set'] as const;

export const setKioskPin = ({ userId, body }: { userId: number; body: KioskPinRequest }) => api.put<null>(`/v1/users/${userId}/kiosk-pin`, body);

export function useSetKioskPinMutation() {
  return useMutation({ mutationKey: setKioskPinMutationKey, mutationFn: setKioskPin });
}

// POST /api/v1/kiosk/sign-in {userId, pin}: a member's 15-minute session on this kiosk. A wrong PIN
// answers 400 on `pin`, too many 429 with Retry-After, no PIN yet 409.
import { useMutation } from '@tanstack/react-query';
import type { KioskSignInRequest, KioskSignInResponse } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';

export const kioskSignIn = (body: KioskSignInRequest) => api.post<KioskSignInResponse>('/v1/kiosk/sign-in', body);

export function useKioskSignInMutation() {
  return useMutation({ mutationKey: ['kiosk-device', 'sign-in'], mutationFn: kioskSignIn });
}

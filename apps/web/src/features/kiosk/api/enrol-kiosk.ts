// POST /api/v1/kiosk/enrol {code} (public): the tablet becomes its site's kiosk and gets its device
// token, which the kiosk app keeps (lib/kiosk-session.ts).
import { useMutation } from '@tanstack/react-query';
import type { EnrolKioskRequest, EnrolKioskResponse } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';

export const enrolKiosk = (body: EnrolKioskRequest) => api.post<EnrolKioskResponse>('/v1/kiosk/enrol', body);

export function useEnrolKioskMutation() {
  return useMutation({ mutationKey: ['kiosk-device', 'enrol'], mutationFn: enrolKiosk });
}

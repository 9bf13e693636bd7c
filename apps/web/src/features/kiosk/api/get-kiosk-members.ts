// GET /api/v1/kiosk/members (device token): the members of the kiosk's site, for the name list.
import { useQuery } from '@tanstack/react-query';
import type { KioskMember } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';
import { kioskDeviceKeys } from './kiosk-device-keys.ts';

export const getKioskMembers = (signal?: AbortSignal) => api.get<KioskMember[]>('/v1/kiosk/members', { signal });

export function useKioskMembersQuery() {
  return useQuery({ queryKey: kioskDeviceKeys.members, queryFn: ({ signal }) => getKioskMembers(signal) });
}

// GET /api/v1/kiosks/{id}/sign-ins (paged, X-Total-Count): every sign-in attempt on one kiosk,
// newest first, whether the PIN was right or not.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KioskSignInRecord } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';
import { kioskKeys } from './kiosk-keys.ts';

export const SIGN_INS_PAGE_SIZE = 20;

export const getKioskSignIns = (kioskId: number, page: number, signal?: AbortSignal) =>
  api.list<KioskSignInRecord>(`/v1/kiosks/${kioskId}/sign-ins`, { params: { page, size: SIGN_INS_PAGE_SIZE }, signal });

export function useKioskSignInsQuery(kioskId: number, page: number) {
  return useQuery({
    queryKey: kioskKeys.signIns(kioskId, page),
    queryFn: ({ signal }) => getKioskSignIns(kioskId, page, signal),
    placeholderData: keepPreviousData,
  });
}

// GET /api/v1/kiosks (owners and admins, paged, X-Total-Count): every kiosk of the business with
// its state, site, code expiry, last seen and last sign-in.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Kiosk } from '@fieldops/shared/kiosks';
import { api } from '../../../lib/api-client.ts';
import { kioskKeys } from './kiosk-keys.ts';

export const KIOSKS_PAGE_SIZE = 20;

export const getKiosks = (page: number, size: number, signal?: AbortSignal) => api.list<Kiosk>('/v1/kiosks', { params: { page, size }, signal });

export function useKiosksQuery(page: number, size = KIOSKS_PAGE_SIZE) {
  return useQuery({ queryKey: kioskKeys.list(page, size), queryFn: ({ signal }) => getKiosks(page, size, signal), placeholderData: keepPreviousData });
}

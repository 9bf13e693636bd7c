// GET /api/v1/maps/settings: where the maps' raster tiles come from and their attribution. Read
// once a visit: the server's settings do not change while it runs.
import { useQuery } from '@tanstack/react-query';
import type { MapSettings } from '@fieldops/shared/maps';
import { api } from '../../../lib/api-client.ts';

export const mapSettingsQueryKey = ['maps', 'settings'] as const;

export const fetchMapSettings = (signal?: AbortSignal) => api.get<MapSettings>('/v1/maps/settings', { signal });

export function useMapSettingsQuery() {
  return useQuery({ queryKey: mapSettingsQueryKey, queryFn: ({ signal }) => fetchMapSettings(signal), staleTime: Infinity, gcTime: Infinity });
}

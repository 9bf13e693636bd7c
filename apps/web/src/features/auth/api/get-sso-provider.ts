// GET /api/sso/providers/{slug} (public): the label of the organisation's provider, for the
// "Sign in with <label>" button; an unknown name answers 404 with a message to show.
import { useQuery } from '@tanstack/react-query';
import type { SsoLookup } from '@fieldops/shared/sso';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

export const fetchSsoProvider = (slug: string, signal?: AbortSignal) => api.get<SsoLookup>(`/sso/providers/${encodeURIComponent(slug)}`, { signal });

export function useSsoProviderQuery(slug: string) {
  return useQuery({ queryKey: authKeys.ssoProvider(slug), queryFn: ({ signal }) => fetchSsoProvider(slug, signal), retry: false });
}

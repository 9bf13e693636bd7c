// GET /api/v1/sso (owners and admins): the business's OpenID Connect provider, or null when none
// is set. Its client secret never comes back; `hasClientSecret` says one is kept.
import { useQuery } from '@tanstack/react-query';
import type { SsoProvider } from '@fieldops/shared/sso';
import { api } from '../../../lib/api-client.ts';
import { ssoKeys } from './sso-keys.ts';

export const getSsoProvider = (signal?: AbortSignal) => api.get<SsoProvider | null>('/v1/sso', { signal });

export function useSsoProviderQuery() {
  return useQuery({ queryKey: ssoKeys.provider(), queryFn: ({ signal }) => getSsoProvider(signal) });
}

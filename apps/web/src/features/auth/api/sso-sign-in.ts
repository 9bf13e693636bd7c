// Single sign-on's public calls, for the sign-in screens: POST /api/sso/providers/{slug}/start
// (the provider's address to send the browser to), POST /api/sso/link/details (the pending link's
// provider and account) and POST /api/sso/link (confirming it with the account's password). Plain
// calls, as sign-in's are: these screens come before any signed-in data.
import type { LoginResponse } from '@fieldops/shared/account';
import type { SsoLinkDetails, SsoLinkRequest, SsoStartResponse } from '@fieldops/shared/sso';
import { api } from '../../../lib/api-client.ts';

export const startSsoSignIn = (slug: string, returnTo: string | undefined) =>
  api.post<SsoStartResponse>(`/sso/providers/${encodeURIComponent(slug)}/start`, returnTo ? { returnTo } : {});

export const fetchSsoLink = (linkToken: string) => api.post<SsoLinkDetails>('/sso/link/details', { linkToken });

export const confirmSsoLink = (body: SsoLinkRequest) => api.post<LoginResponse>('/sso/link', body);

/** The session the provider's sign-in opened, kept for this browser by the callback. */
export const takeSsoSession = () => api.post<LoginResponse>('/sso/session', {});

// POST /api/authenticate: username (or e-mail) and password for an id token. A plain call: the
// sign-in page does without the query cache (it arrives with the pages after sign-in).
import type { LoginRequest, LoginResponse } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const authenticate = (body: LoginRequest) => api.post<LoginResponse>('/authenticate', body);

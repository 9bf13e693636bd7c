// GET /api/v1/account/session: the account and everything of its business the app opens with, in
// one answer (the stored business key says which business, when it is still the person's).
import type { SessionBootstrap } from '@fieldops/shared/session';
import { api } from '../../api-client.ts';

export const fetchSessionBootstrap = (signal?: AbortSignal) => api.get<SessionBootstrap>('/v1/account/session', { signal });

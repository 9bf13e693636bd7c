// POST /api/v1/logout: ends this browser's session on the server (204).
import { api } from '../../api-client.ts';

/** The server may be slow or gone; signing out never waits on it longer than this. */
export const LOGOUT_TIMEOUT_MS = 5000;

export const logoutOnServer = () => api.post<null>('/v1/logout', undefined, { signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });

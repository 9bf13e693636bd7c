// POST /api/v1/kiosk/sign-out: ends the member's session on this kiosk. The tablet returns to the
// name list whatever the answer (offline, the session already over).
import { api } from '../../../lib/api-client.ts';

export const kioskSignOut = () => api.post<null>('/v1/kiosk/sign-out');

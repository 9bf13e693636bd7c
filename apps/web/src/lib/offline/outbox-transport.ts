// How the page delivers an outbox entry: the same upload as any answer (lib/upload.ts, which
// reports progress), with the entry's own Idempotency-Key and capture time. On a shared kiosk an
// answer goes only with its own member's session: another member's waits for them to sign in again.
import { MSG } from '@fieldops/shared/messages';
import { ApiError } from '../api-error.ts';
import { kioskCredentials } from '../kiosk-session.ts';
import { upload } from '../upload.ts';
import { outboxForm } from './outbox-entry.ts';
import { SEND_TIMEOUT_MS, readSendResponse, type Transport } from './outbox-response.ts';

export const pageTransport: Transport = async (entry, onProgress) => {
  const kiosk = kioskCredentials();
  if (kiosk && kiosk.member?.member.id !== entry.userId) return { kind: 'signIn', message: MSG.authenticationFailed };
  try {
    const response = await upload<unknown>('/v1/action-results', outboxForm(entry), {
      base: 'workflow',
      idempotencyKey: entry.key,
      timeoutMs: SEND_TIMEOUT_MS,
      onProgress: ({ loaded, total }) => onProgress(total ? loaded / total : 0),
    });
    return readSendResponse(response.status, response.data);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return readSendResponse(error.status, { message: error.serverMessage ?? (error.status === 0 ? null : error.message) });
  }
};

// How the service worker delivers an outbox entry when no page is open (Background Sync): a plain
// fetch of the same form, with the member's sign-in and the entry's own Idempotency-Key.
import { API_BASES, API_KEY_HEADER } from '@fieldops/shared/limits';
import { IDEMPOTENCY_HEADER } from '../idempotency.ts';
import { outboxForm } from './outbox-entry.ts';
import { SEND_TIMEOUT_MS, readSendResponse, type Transport } from './outbox-response.ts';
import type { WorkerAuth } from './worker-auth.ts';

export const workerTransport =
  (auth: WorkerAuth): Transport =>
  async (entry) => {
    const headers = new Headers({ Accept: 'application/json, application/problem+json', [IDEMPOTENCY_HEADER]: entry.key });
    if (auth.token) headers.set('Authorization', `Bearer ${auth.token}`);
    if (auth.apiKey) headers.set(API_KEY_HEADER, auth.apiKey);
    let response: Response;
    try {
      response = await fetch(`${API_BASES.workflow}/v1/action-results`, {
        method: 'POST',
        body: outboxForm(entry),
        headers,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch {
      return readSendResponse(0, null);
    }
    const body: unknown = await response.json().catch(() => null);
    return readSendResponse(response.status, body);
  };

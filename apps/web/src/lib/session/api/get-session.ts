// GET /api/v1/account/session: the account and everything of its business the app opens with, in
// one answer (the stored business key says which business, when it is still the person's).
// A signed-in page asks for it as it starts (`requestSessionEarly`), while its code is still on
// the way; the first load then takes that answer instead of asking again.
import type { SessionBootstrap } from '@fieldops/shared/session';
import { api } from '../../api-client.ts';

const path = '/v1/account/session';
let early: Promise<SessionBootstrap> | null = null;

export function requestSessionEarly(): void {
  early = api.get<SessionBootstrap>(path);
  // Its failure is not reported here: the first load asks again and reports it as usual.
  early.catch(() => undefined);
}

export async function fetchSessionBootstrap(signal?: AbortSignal): Promise<SessionBootstrap> {
  const started = early;
  early = null;
  if (started) {
    try {
      return await started;
    } catch {
      // Asked again below, where a failure reaches the page.
    }
  }
  return api.get<SessionBootstrap>(path, { signal });
}

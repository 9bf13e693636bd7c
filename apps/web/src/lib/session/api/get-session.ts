// GET /api/v1/account/session: the account and everything of its business the app opens with, in
// one answer (the stored business key says which business, when it is still the person's).
// A signed-in page asks for it as it starts (`requestSessionEarly`), or index.html's first script
// already has, while the code is still on the way; the first load then takes that answer instead
// of asking again.
import type { SessionBootstrap } from '@fieldops/shared/session';
import { api } from '../../api-client.ts';
import { EARLY_SESSION_GLOBAL, SESSION_PATH as path } from './early-session.ts';

let early: Promise<SessionBootstrap> | null = null;

export function requestSessionEarly(): void {
  early = takeAskedByPage() ?? api.get<SessionBootstrap>(path);
  // Its failure is not reported here: the first load asks again and reports it as usual.
  early.catch(() => undefined);
}

/** The answer to index.html's own request, if it made one; anything but a 2xx is asked again. */
function takeAskedByPage(): Promise<SessionBootstrap> | null {
  const holder = window as unknown as Record<string, Promise<Response | null> | undefined>;
  const asked = holder[EARLY_SESSION_GLOBAL];
  if (!asked) return null;
  delete holder[EARLY_SESSION_GLOBAL];
  return asked.then((response) => {
    if (!response?.ok) throw new Error('The session is asked for again.');
    return response.json() as Promise<SessionBootstrap>;
  });
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

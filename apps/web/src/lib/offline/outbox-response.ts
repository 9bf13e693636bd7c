// What an answer's delivery came to, read the same way by the page and the service worker: taken
// (and how: counted, from outside, late, held), refused for good (with the server's reason), to be
// tried later (no network, the server busy or failing), or waiting for the member to sign in.
import type { AnswerHold, LocationStatus } from '@fieldops/shared/enums';
import { MSG, NETWORK_ERROR } from '@fieldops/shared/messages';
import type { OutboxEntry, OutboxOutcome } from './outbox-entry.ts';

export type SendResult =
  | { kind: 'sent'; outcome: OutboxOutcome }
  | { kind: 'refused'; message: string; refusesSchedule: boolean }
  | { kind: 'later'; message: string }
  | { kind: 'signIn'; message: string };

/** A send with no answer after this long is taken as cut off; it is tried again, with the same key. */
export const SEND_TIMEOUT_MS = 120_000;

/** Sends one entry; reports the share of its body sent so far (0..1) when it can tell. */
export type Transport = (entry: OutboxEntry, onProgress: (fraction: number) => void) => Promise<SendResult>;

/** The web's own text for a refusal without one (messages.submitAnswerFailed). */
export const SUBMIT_FAILED = 'Failed to submit the answer';

const SCHEDULE_REFUSALS = new Set<string>([MSG.scheduleNotOpen, MSG.planPausedToday, MSG.scheduleNotYours, MSG.scheduleNotFound]);

/** A refusal every other answer to the schedule would meet too, so sending them is pointless. */
export const refusesWholeSchedule = (status: number, message: string | null) => [401, 403, 404].includes(status) || SCHEDULE_REFUSALS.has(message ?? '');

interface Stored {
  result?: { id?: number; outside?: boolean; locationStatus?: LocationStatus | null; late?: boolean; held?: AnswerHold | null };
  id?: number;
  held?: 'REMOVED';
  message?: string;
}

const asObject = (body: unknown): Stored => (body && typeof body === 'object' ? (body as Stored) : {});

/** Reads the server's answer to a delivery. */
export function readSendResponse(status: number, body: unknown): SendResult {
  const stored = asObject(body);
  if (status === 202) return { kind: 'sent', outcome: { answerId: stored.id ?? null, outside: false, late: false, held: stored.held ?? 'REMOVED' } };
  if (status >= 200 && status < 300) {
    const result = stored.result ?? {};
    return {
      kind: 'sent',
      outcome: {
        answerId: result.id ?? null,
        outside: result.outside ?? false,
        locationStatus: result.locationStatus ?? null,
        late: result.late ?? false,
        held: result.held ?? null,
      },
    };
  }
  const message = typeof stored.message === 'string' && stored.message ? stored.message : null;
  if (status === 0) return { kind: 'later', message: NETWORK_ERROR };
  if (status === 401) return { kind: 'signIn', message: MSG.authenticationFailed };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'later', message: message ?? NETWORK_ERROR };
  return { kind: 'refused', message: message ?? SUBMIT_FAILED, refusesSchedule: refusesWholeSchedule(status, message) };
}

// Texts of the outbox that the runner and the queue share.
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { OutboxOutcome } from '../../../lib/offline/outbox-entry.ts';

const HELD_TEXTS = { PAUSED: 'tracker.outbox.heldPaused', REMOVED: 'tracker.outbox.heldRemoved', UNPROVEN: 'tracker.outbox.heldUnproven' } as const;

/** Why the server kept an answer without counting it. */
export const heldMessage = (held: NonNullable<OutboxOutcome['held']>) => i18n.t(HELD_TEXTS[held]);

// Where a ticket stands against its resolution due time, as plain values: the ticket board and
// the server's filters read it, and the board does not need the schema library for it.

/** A ticket's resolution is "due soon" within this much real time of its due time. */
export const SLA_DUE_SOON_MS = 60 * 60 * 1000;
export const SLA_STATES = ['BREACHED', 'DUE_SOON', 'ON_TRACK'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/**
 * Where a ticket stands against its resolution due time (the stored one, see sla-clock.ts): null
 * when it has none (no rule, or the clock is paused or stopped with time left).
 */
export function slaStateOf(resolutionDueAt: string | null, now: number): SlaState | null {
  if (resolutionDueAt === null) return null;
  const due = Date.parse(resolutionDueAt);
  if (due <= now) return 'BREACHED';
  return due - now <= SLA_DUE_SOON_MS ? 'DUE_SOON' : 'ON_TRACK';
}

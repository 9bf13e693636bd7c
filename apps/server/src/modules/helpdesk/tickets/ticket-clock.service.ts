// A ticket's SLA clock read now (packages/shared/src/ticket-clock.ts): its rule's targets, and
// the status history on the business calendar through the shared clock (sla-clock.ts), so that
// the detail page can say how much working time is left, also while the clock is paused on hold.
import { addWorkingMs, MINUTE_MS } from '@fieldops/shared/business-calendar';
import type { TicketPriority } from '@fieldops/shared/enums';
import { readSlaClock } from '@fieldops/shared/sla-clock';
import type { TicketClock } from '@fieldops/shared/ticket-clock';
import type { Db } from '../../../db/client.ts';
import { slaCalendarOf, slaTargetsFor } from '../sla-policies/sla-policies.service.ts';
import { findStatusMoments } from './ticket-history.repository.ts';

const NOT_COVERED: TicketClock = { covered: false, firstResponse: null, resolution: null };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function readTicketClock(
  db: Db,
  businessId: number,
  ticket: { id: number; priority: TicketPriority; categoryId: number | null },
  now = new Date(),
): Promise<TicketClock> {
  const rule = await slaTargetsFor(db, businessId, ticket);
  if (!rule || (rule.firstResponseMinutes === null && rule.resolutionMinutes === null)) return NOT_COVERED;
  const statuses = await findStatusMoments(db, businessId, ticket.id);
  const created = statuses[0]?.at ?? now;
  const calendar = await slaCalendarOf(db, businessId, created, now);
  const respondedAt = statuses[1]?.at ?? null;

  let firstResponse: TicketClock['firstResponse'] = null;
  if (rule.firstResponseMinutes !== null) {
    const due = addWorkingMs(calendar, created, rule.firstResponseMinutes * MINUTE_MS);
    const dueAt = iso(due) ?? created.toISOString();
    const answered = respondedAt?.getTime() ?? now.getTime();
    firstResponse = {
      targetMinutes: rule.firstResponseMinutes,
      dueAt,
      respondedAt: respondedAt?.toISOString() ?? null,
      breached: due !== null && answered > due,
    };
  }

  let resolution: TicketClock['resolution'] = null;
  if (rule.resolutionMinutes !== null) {
    const reading = readSlaClock(calendar, statuses, rule.resolutionMinutes * MINUTE_MS, now);
    const last = statuses.at(-1)?.status ?? 'NEW';
    const state = reading.running ? 'RUNNING' : last === 'ON_HOLD' ? 'PAUSED' : 'STOPPED';
    resolution = {
      targetMinutes: rule.resolutionMinutes,
      usedMinutes: Math.floor(reading.elapsedMs / MINUTE_MS),
      leftMinutes: Math.ceil(reading.remainingMs / MINUTE_MS),
      state,
      dueAt: iso(reading.dueAt),
      breached: reading.breached,
    };
  }
  return { covered: true, firstResponse, resolution };
}

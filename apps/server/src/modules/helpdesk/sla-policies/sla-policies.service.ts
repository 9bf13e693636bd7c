// The rules of SLA policies: a business replaces its whole set at once; every category a rule
// names must be the business's; the most specific rule gives a ticket its targets, and the
// business calendar turns them into due times and warning instants.
import type { BusinessCalendar } from '@fieldops/shared/business-calendar';
import { MSG } from '@fieldops/shared/messages';
import { slaRuleFor, type SlaRule } from '@fieldops/shared/sla-policies';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { businessCalendarOf } from '../../main/business-calendar/business-calendar.service.ts';
import { businessRowOf } from '../../main/businesses/businesses.service.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import { sendJob } from '../../platform/queue/queue.ts';
import { findRules, lockRulesOf, recordedBreachesOf, replaceRules } from './sla-policies.repository.ts';
import { keepRecordedBreaches, slaFactsOf, slaTimesOf, type SlaFacts, type SlaTimes, type StatusMoment, type StoredDueTimes } from './sla-times.ts';

export const listSlaRules = (db: Db, businessId: number) => findRules(db, businessId);

export async function saveSlaRules(db: Db, businessId: number, rules: Omit<SlaRule, 'id'>[]): Promise<SlaRule[]> {
  return db.transaction(async (tx) => {
    await lockRulesOf(tx, businessId);
    const missing: { field: string; message: string }[] = [];
    for (const [i, rule] of rules.entries()) {
      // Held until the transaction ends, so the category is not deleted under the new rule.
      if (rule.categoryId !== null && !(await holdCategory(tx, businessId, rule.categoryId))) {
        missing.push({ field: `rules.${i}.categoryId`, message: MSG.categoryNotFound });
      }
    }
    if (missing.length > 0) throw new AppError(404, MSG.categoryNotFound, { fieldErrors: missing });
    await replaceRules(tx, businessId, rules);
    // Open tickets' due and warning instants follow the new rules (sla-recompute.ts).
    await queueSlaRecompute(tx, businessId);
    return findRules(tx, businessId);
  });
}

/**
 * Puts the recomputation of the business's open tickets' due and warning instants on the queue,
 * in `db`'s transaction: one waiting job a business, however many changes come before it runs.
 */
export async function queueSlaRecompute(db: Db, businessId: number) {
  await sendJob(db, 'sla.recompute', { businessId }, { singletonKey: `b${businessId}` });
}

/** The targets for a ticket of this priority and category, or null when no rule covers it. */
export async function slaTargetsFor(db: Db, businessId: number, ticket: { priority: TicketPriority; categoryId: number | null }) {
  return slaRuleFor(await findRules(db, businessId), ticket);
}

export type { SlaTimes, StatusMoment, StoredDueTimes } from './sla-times.ts';
/** Due times and warning instants: every place that stores the one stores the other. */
export type DueTimes = SlaTimes;

/** The business calendar with the holidays from `created`'s year to the year after `now`'s. */
export async function slaCalendarOf(db: Db, businessId: number, created: Date, now: Date): Promise<BusinessCalendar> {
  const business = await businessRowOf(db, businessId);
  // A due time further out than the year after this one is far beyond any target a helpdesk sets.
  return businessCalendarOf(db, businessId, business?.timeZone ?? 'UTC', created.getUTCFullYear(), now.getUTCFullYear() + 1);
}

/**
 * When a ticket's first response and resolution are due, and when their warnings fall, on the
 * business calendar (its working hours and the holidays it keeps, in its time zone): see sla-times.ts.
 */
export async function dueTimesFor(
  db: Db,
  businessId: number,
  ticket: { id: number; priority: TicketPriority; categoryId: number | null; statuses: StatusMoment[] } & Partial<StoredDueTimes>,
  now: Date = new Date(),
): Promise<SlaTimes> {
  const rule = await slaTargetsFor(db, businessId, ticket);
  const calendar = rule ? await slaCalendarOf(db, businessId, ticket.statuses[0]?.at ?? now, now) : { timeZone: 'UTC', week: [], holidays: [] };
  const times = slaTimesOf(rule, calendar, ticket.statuses, now);
  // A ticket that holds due times may have breached them (keepRecordedBreaches).
  const stored = { firstResponseDueAt: ticket.firstResponseDueAt ?? null, resolutionDueAt: ticket.resolutionDueAt ?? null };
  if (stored.firstResponseDueAt === null && stored.resolutionDueAt === null) return times;
  return keepRecordedBreaches(times, stored, await recordedBreachesOf(db, businessId, ticket.id));
}

/**
 * What a status move stores besides the status: the due and warning instants from the history
 * (which holds the move), and the facts it fixes for the SLA report (sla-times.ts, slaFactsOf), a
 * breach the escalation sweep recorded staying one. Call with the ticket locked: a sweep that
 * recorded a breach before has committed it, and one after finds the ticket moved on.
 */
export async function slaOfStatusChange(
  db: Db,
  businessId: number,
  ticket: {
    id: number;
    priority: TicketPriority;
    categoryId: number | null;
    statuses: StatusMoment[];
    from: TicketStatus;
    to: TicketStatus;
    firstResponded: boolean;
  } & StoredDueTimes,
  now: Date = new Date(),
): Promise<SlaTimes & SlaFacts> {
  const rule = await slaTargetsFor(db, businessId, ticket);
  const calendar = await slaCalendarOf(db, businessId, ticket.statuses[0]?.at ?? now, now);
  const recorded = await recordedBreachesOf(db, businessId, ticket.id);
  const times = keepRecordedBreaches(slaTimesOf(rule, calendar, ticket.statuses, now), ticket, recorded);
  return { ...times, ...slaFactsOf(rule, calendar, { ...ticket, times, recorded }, now) };
}

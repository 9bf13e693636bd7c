// The rules of SLA policies: a business replaces its whole set at once; every category a rule
// names must be the business's; the most specific rule gives a ticket its targets, and the
// business calendar turns them into due times.
import { addWorkingMs, MINUTE_MS } from '@fieldops/shared/business-calendar';
import { MSG } from '@fieldops/shared/messages';
import { readSlaClock } from '@fieldops/shared/sla-clock';
import { slaRuleFor, type SlaRule } from '@fieldops/shared/sla-policies';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { businessCalendarOf } from '../../main/business-calendar/business-calendar.service.ts';
import { businessRowOf } from '../../main/businesses/businesses.service.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import { findRules, lockRulesOf, replaceRules } from './sla-policies.repository.ts';

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
    return findRules(tx, businessId);
  });
}

/** The targets for a ticket of this priority and category, or null when no rule covers it. */
export async function slaTargetsFor(db: Db, businessId: number, ticket: { priority: TicketPriority; categoryId: number | null }) {
  return slaRuleFor(await findRules(db, businessId), ticket);
}

/** A status a ticket entered and when: its creation (NEW) first. */
export interface StatusMoment {
  status: TicketStatus;
  at: Date;
}

export interface DueTimes {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
}

/**
 * When a ticket's first response and resolution are due, on the business calendar (its working
 * hours and the holidays it keeps, in its time zone). The first response is due a rule's working
 * minutes after creation; the resolution's clock pauses on hold and stops when resolved (sla-clock.ts),
 * so its due time is null while paused or stopped with time left and in the past once breached.
 */
export async function dueTimesFor(
  db: Db,
  businessId: number,
  ticket: { priority: TicketPriority; categoryId: number | null; statuses: StatusMoment[] },
  now: Date = new Date(),
): Promise<DueTimes> {
  const rule = await slaTargetsFor(db, businessId, ticket);
  const created = ticket.statuses[0]?.at ?? now;
  if (!rule) return { firstResponseDueAt: null, resolutionDueAt: null };
  const business = await businessRowOf(db, businessId);
  const timeZone = business?.timeZone ?? 'UTC';
  // Holidays from the year the ticket was made to the year after this one: a due time further
  // out than that is far beyond any target a helpdesk sets.
  const calendar = await businessCalendarOf(db, businessId, timeZone, created.getUTCFullYear(), now.getUTCFullYear() + 1);
  const instant = (ms: number | null) => (ms === null ? null : new Date(ms));
  const firstResponseDueAt = rule.firstResponseMinutes === null ? null : instant(addWorkingMs(calendar, created, rule.firstResponseMinutes * MINUTE_MS));
  const resolutionDueAt =
    rule.resolutionMinutes === null ? null : instant(readSlaClock(calendar, ticket.statuses, rule.resolutionMinutes * MINUTE_MS, now).dueAt);
  return { firstResponseDueAt, resolutionDueAt };
}

// SLA escalation (helpdesk SLA): when a ticket's first response or resolution reaches its rule's
// warning share of the time, the assignee is warned; when it runs out, the assignee and the site's
// supervisors (the business's owners and admins for a ticket without a site) are told, and the
// rule may raise the ticket's priority.
//
// "Once per threshold" is a row: ticket_sla_escalations is unique per ticket and kind, a sweep
// inserts with ON CONFLICT DO NOTHING and writes the event (whose job makes the notifications,
// events.service.ts) only for the rows it made, in the same transaction. Two sweeps at once (a
// retry, a slow one, two instances) therefore tell no one twice. pg-boss's clock makes one
// `sla.sweep` job a minute across instances (`boss.schedule`), as it does the reminders' scan.
import type { SlaEscalation, TicketPriority } from '@fieldops/shared/enums';
import { isHigherPriority, slaRuleFor, type SlaRule } from '@fieldops/shared/sla-policies';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import type { Queue } from '../../platform/queue/queue.ts';
import { listSlaRules } from '../sla-policies/sla-policies.service.ts';
import { raiseTicketPriority } from '../tickets/ticket-sla.service.ts';
import { findReached, insertEscalations, lockTickets, type LockedTicket, type Reached } from './sla-escalations.repository.ts';

export const SLA_SWEEP_CRON = '* * * * *';
/** Pairs read a query, and tickets escalated a transaction. */
export const SWEEP_PAGE = 1000;
export const SWEEP_BATCH = 100;

const BREACH_OF: Partial<Record<SlaEscalation, SlaEscalation>> = {
  FIRST_RESPONSE_WARNING: 'FIRST_RESPONSE_BREACH',
  RESOLUTION_WARNING: 'RESOLUTION_BREACH',
};
const isBreach = (kind: SlaEscalation) => kind.endsWith('_BREACH');

/** Whether the locked ticket still has this threshold behind it at `now` (it may have moved since it was found). */
function stillReached(t: LockedTicket, kind: SlaEscalation, now: Date): boolean {
  const passed = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  const awaitingResponse = t.status === 'NEW' && t.firstRespondedAt === null;
  const running = t.status === 'NEW' || t.status === 'IN_PROGRESS';
  switch (kind) {
    case 'FIRST_RESPONSE_WARNING':
      return awaitingResponse && passed(t.firstResponseWarnAt);
    case 'FIRST_RESPONSE_BREACH':
      return awaitingResponse && passed(t.firstResponseDueAt);
    case 'RESOLUTION_WARNING':
      return running && passed(t.resolutionWarnAt);
    case 'RESOLUTION_BREACH':
      return running && passed(t.resolutionDueAt);
  }
}

/** Escalates one batch of tickets in one transaction; returns the escalations made. */
async function escalateBatch(db: Db, reached: Reached[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await lockTickets(tx, [...new Set(reached.map((r) => r.ticketId))]);
    const byId = new Map(locked.map((t) => [t.id, t]));
    const due = reached.flatMap((r) => {
      const ticket = byId.get(r.ticketId);
      return ticket && stillReached(ticket, r.kind, now) ? [{ ...r, businessId: ticket.businessId }] : [];
    });
    const made = await insertEscalations(tx, due);
    const rulesOf = new Map<number, SlaRule[]>();
    for (const ticket of locked) {
      const kinds = new Set(made.filter((m) => m.ticketId === ticket.id).map((m) => m.kind));
      if (kinds.size === 0) continue;
      let rules = rulesOf.get(ticket.businessId);
      if (!rules) rulesOf.set(ticket.businessId, (rules = await listSlaRules(tx, ticket.businessId)));
      const rule = slaRuleFor(rules, ticket);
      // Breaches first, so that a raise is told with the first of them.
      const ordered = [...kinds].sort((a, b) => Number(isBreach(b)) - Number(isBreach(a)));
      for (const kind of ordered) {
        // A warning whose breach came in the same sweep (the sweep was down, or a rule was
        // shortened) is kept as made but not told: the breach says more.
        const breach = BREACH_OF[kind];
        if (breach && kinds.has(breach)) continue;
        let raisedTo: TicketPriority | null = null;
        if (isBreach(kind) && rule?.raisePriorityTo && isHigherPriority(rule.raisePriorityTo, ticket.priority)) {
          raisedTo = rule.raisePriorityTo;
          await raiseTicketPriority(tx, ticket.businessId, ticket, raisedTo);
          ticket.priority = raisedTo;
        }
        const dueAt = kind.startsWith('FIRST_RESPONSE') ? ticket.firstResponseDueAt : ticket.resolutionDueAt;
        await recordEvent(tx, {
          businessId: ticket.businessId,
          kind: 'ticket.sla',
          actorId: null,
          data: {
            ticketId: ticket.id,
            title: ticket.title,
            escalation: kind,
            agentId: ticket.agentId,
            teamId: ticket.teamId,
            dueAt: dueAt?.toISOString() ?? null,
            raisedTo,
          },
        });
      }
    }
    return made.length;
  });
}

/**
 * One sweep as of `now`: every threshold reached and not escalated yet, a page of pairs a query
 * and a batch of tickets a transaction. Returns the number of escalations made.
 */
export async function sweepSlaEscalations(db: Db, now: Date = new Date()): Promise<number> {
  let made = 0;
  let from = 0;
  for (;;) {
    const page = await findReached(db, now, SWEEP_PAGE, from);
    if (page.length === 0) return made;
    const full = page.length === SWEEP_PAGE;
    // A full page may end partway through a ticket's thresholds: that ticket starts the next page.
    const lastId = page.at(-1)!.ticketId;
    const pairs = full ? page.filter((p) => p.ticketId !== lastId) : page;
    const ids = [...new Set(pairs.map((p) => p.ticketId))];
    for (let at = 0; at < ids.length; at += SWEEP_BATCH) {
      const batch = new Set(ids.slice(at, at + SWEEP_BATCH));
      made += await escalateBatch(
        db,
        pairs.filter((p) => batch.has(p.ticketId)),
        now,
      );
    }
    if (!full) return made;
    from = lastId;
  }
}

/**
 * Works the sweep in this instance and puts it on pg-boss's clock (an upsert every instance may
 * make). A job may carry `at`, the moment it sweeps as of (tests); the clock's jobs sweep as of now.
 */
export async function workSlaEscalations(queue: Queue, db: Db) {
  await queue.work<{ businessId: null; at?: string }>('sla.sweep', async ({ at }) => {
    await sweepSlaEscalations(db, at ? new Date(at) : new Date());
  });
  await queue.boss.schedule('sla.sweep', SLA_SWEEP_CRON, { businessId: null }, { tz: 'UTC', retryLimit: 1, expireInSeconds: 300 });
}

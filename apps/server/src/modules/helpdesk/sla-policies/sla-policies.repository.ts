// Queries of the SLA rules and of the breaches recorded of a ticket, always scoped by business.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SlaRule } from '@fieldops/shared/sla-policies';
import type { Db } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { slaPolicies, ticketSlaEscalations } from '../../../db/schema-helpdesk.ts';
import type { RecordedBreaches } from './sla-times.ts';

const columns = {
  id: slaPolicies.id,
  priority: slaPolicies.priority,
  categoryId: slaPolicies.categoryId,
  firstResponseMinutes: slaPolicies.firstResponseMinutes,
  resolutionMinutes: slaPolicies.resolutionMinutes,
  warnPercent: slaPolicies.warnPercent,
  raisePriorityTo: slaPolicies.raisePriorityTo,
};

export async function findRules(db: Db, businessId: number): Promise<SlaRule[]> {
  return db.select(columns).from(slaPolicies).where(eq(slaPolicies.businessId, businessId)).orderBy(asc(slaPolicies.id));
}

/** Serialises changes of one business's rules (a no-key lock: tickets pointing at the business go on). */
export async function lockRulesOf(db: Db, businessId: number) {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('no key update');
}

export async function replaceRules(db: Db, businessId: number, rules: Omit<SlaRule, 'id'>[]) {
  await db.delete(slaPolicies).where(eq(slaPolicies.businessId, businessId));
  if (rules.length > 0) await db.insert(slaPolicies).values(rules.map((rule) => ({ businessId, ...rule })));
}

/** Which breaches of the ticket the escalation sweep has recorded. */
export async function recordedBreachesOf(db: Db, businessId: number, ticketId: number): Promise<RecordedBreaches> {
  return (await recordedBreachesOfTickets(db, businessId, [ticketId])).get(ticketId) ?? NONE_RECORDED;
}

const NONE_RECORDED: RecordedBreaches = { firstResponse: false, resolution: false };

/** recordedBreachesOf for many tickets at once; a ticket with none may be left out. */
export async function recordedBreachesOfTickets(db: Db, businessId: number, ticketIds: number[]): Promise<Map<number, RecordedBreaches>> {
  const found = new Map<number, RecordedBreaches>();
  if (ticketIds.length === 0) return found;
  const rows = await db
    .select({ ticketId: ticketSlaEscalations.ticketId, kind: ticketSlaEscalations.kind })
    .from(ticketSlaEscalations)
    .where(
      and(
        eq(ticketSlaEscalations.businessId, businessId),
        inArray(ticketSlaEscalations.ticketId, ticketIds),
        inArray(ticketSlaEscalations.kind, ['FIRST_RESPONSE_BREACH', 'RESOLUTION_BREACH']),
      ),
    );
  for (const row of rows) {
    const was = found.get(row.ticketId) ?? NONE_RECORDED;
    found.set(row.ticketId, row.kind === 'FIRST_RESPONSE_BREACH' ? { ...was, firstResponse: true } : { ...was, resolution: true });
  }
  return found;
}

// Due times and warning instants are stored on tickets (the board sorts and filters by them, the
// escalation sweep reaches them through indexes), so they are worked out again when what they come
// from changes: the SLA rules, or the business calendar's working hours or holidays. The change
// queues one `sla.recompute` job for its business in its own transaction (queueSlaRecompute, a
// 'stately' queue: one waiting and one running job a business); the job recomputes the business's
// open tickets a batch a transaction, each batch locked against a status change meanwhile.
import { slaRuleFor } from '@fieldops/shared/sla-policies';
import type { Db } from '../../../db/client.ts';
import type { Queue } from '../../platform/queue/queue.ts';
import { findRules, recordedBreachesOfTickets } from './sla-policies.repository.ts';
import { slaCalendarOf } from './sla-policies.service.ts';
import { lockOpenTickets, statusMomentsOf, writeSlaTimes } from './sla-recompute.repository.ts';
import { keepRecordedBreaches, slaTimesOf } from './sla-times.ts';

export const RECOMPUTE_BATCH = 200;

/**
 * Recomputes the business's open tickets' instants as of `now` (by default the time each batch
 * is locked, and never before a change the batch already holds: a ticket made or held while the
 * job runs is read with that change); returns how many it recomputed.
 */
export async function recomputeSlaTimes(db: Db, businessId: number, given?: Date): Promise<number> {
  let after = 0;
  let done = 0;
  for (;;) {
    const last = await db.transaction(async (tx) => {
      const batch = await lockOpenTickets(tx, businessId, after, RECOMPUTE_BATCH);
      if (batch.length === 0) return null;
      // Read after the lock: a ticket made under rules saved after this job began is not given the old ones.
      const rules = await findRules(tx, businessId);
      const moments = await statusMomentsOf(
        tx,
        businessId,
        batch.map((t) => t.id),
      );
      const latest = Math.max(0, ...[...moments.values()].flatMap((list) => list.map((m) => m.at.getTime())));
      const now = given ?? new Date(Math.max(Date.now(), latest));
      const earliest = Math.min(...batch.map((t) => moments.get(t.id)?.[0]?.at.getTime() ?? now.getTime()));
      const calendar = await slaCalendarOf(tx, businessId, new Date(earliest), now);
      const recorded = await recordedBreachesOfTickets(
        tx,
        businessId,
        batch.map((t) => t.id),
      );
      await writeSlaTimes(
        tx,
        businessId,
        batch.map((t) => {
          const times = slaTimesOf(slaRuleFor(rules, t), calendar, moments.get(t.id) ?? [], now);
          return { id: t.id, ...keepRecordedBreaches(times, t, recorded.get(t.id) ?? { firstResponse: false, resolution: false }) };
        }),
      );
      done += batch.length;
      return batch.at(-1)!.id;
    });
    if (last === null) return done;
    after = last;
  }
}

/** Works the recomputations in this instance. */
export async function workSlaRecompute(queue: Queue, db: Db) {
  await queue.work<{ businessId: number }>('sla.recompute', async ({ businessId }) => {
    await recomputeSlaTimes(db, businessId);
  });
}

// The channel on which new answers are announced: the submit transaction (modules/schedules)
// sends each new answer with pg_notify, the live feed (modules/live-feed) listens. PostgreSQL
// delivers a notification when the transaction commits and drops it when it rolls back, to every
// listening connection of every server process.
//
// Each announced answer also takes the next place in the feed's order (answer_feed), so that a
// viewer who reconnects can be sent exactly what followed the last event it had. Ids are given at
// insert while transactions commit in another order, so "after id N" could skip an answer that
// committed late; the place is taken instead under a lock per business that the transaction holds
// until it has committed, so a business's places follow its commit order: once place N is
// visible, every place before it is too.
import { sql } from 'drizzle-orm';
import { onlyRowOf, type Db } from '../db/client.ts';

export const ANSWERS_CHANNEL = 'fieldops_answers';

/** The first key of the advisory lock taken per business ("feed" in ASCII); the business is the second. */
const FEED_LOCK_KEY = 0x66656564;

/** The payload: "<businessId>:<answerId>:<place in the feed>". */
export const answerNotice = (businessId: number, answerId: number, seq: number) => `${businessId}:${answerId}:${seq}`;

/** The place is absent from an instance of a version that gave none (it is then sent without an event id). */
export function parseAnswerNotice(payload: string): { businessId: number; answerId: number; seq: number | null } | null {
  const match = /^(\d+):(\d+)(?::(\d+))?$/.exec(payload);
  return match ? { businessId: Number(match[1]), answerId: Number(match[2]), seq: match[3] ? Number(match[3]) : null } : null;
}

/**
 * Call inside the transaction that stores the answer, as late in it as may be: from here to its
 * commit the business's other answers wait their turn.
 */
export async function notifyNewAnswer(tx: Db, businessId: number, answerId: number) {
  // Any two ints name the lock; business ids beyond int4 share one now and then, which only waits.
  await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK_KEY}, ${businessId % 2_147_483_647}::int)`);
  const { seq } = onlyRowOf<{ seq: string }>(
    await tx.execute(sql`insert into answer_feed (answer_id, business_id) values (${answerId}, ${businessId}) returning seq`),
  );
  await tx.execute(sql`select pg_notify(${ANSWERS_CHANNEL}, ${answerNotice(businessId, answerId, Number(seq))})`);
}

// The live feed's order (answer_feed, numbered in commit order per business by
// lib/answer-notices.ts): where a business's feed stands, and what follows a place in it.
import { and, asc, desc, eq, gt, lte, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { actionResults, answerFeed } from '../../../db/schema-schedules.ts';

/** The business's last place, 0 before its first answer: what a new viewer starts after. */
export async function feedHead(db: Db, businessId: number): Promise<number> {
  const [row] = await db
    .select({ seq: max(answerFeed.seq) })
    .from(answerFeed)
    .where(eq(answerFeed.businessId, businessId));
  return Number(row?.seq ?? 0);
}

/** The places after `after`, in order, `limit` at most, with their answers' ids. */
export function feedAfter(db: Db, businessId: number, after: number, limit: number) {
  return db
    .select({ seq: answerFeed.seq, answerId: answerFeed.answerId })
    .from(answerFeed)
    .where(and(eq(answerFeed.businessId, businessId), gt(answerFeed.seq, after)))
    .orderBy(asc(answerFeed.seq))
    .limit(limit);
}

/**
 * The last place of an answer with an id up to `answerId`, or stored up to `moment`: where a
 * viewer stands whose last event came before places were given (an answer id, or `@<ms>`). 0 when
 * none: all the business's places come after it. Close, not exact: ids and moments are not commit order.
 */
export async function placeOfOlderEvent(db: Db, businessId: number, from: { answerId: number } | { moment: Date }): Promise<number> {
  const upTo: SQL = 'answerId' in from ? lte(actionResults.id, from.answerId) : lte(actionResults.createdDate, from.moment);
  const [row] = await db
    .select({ seq: answerFeed.seq })
    .from(answerFeed)
    .innerJoin(actionResults, eq(actionResults.id, answerFeed.answerId))
    .where(and(eq(answerFeed.businessId, businessId), upTo))
    .orderBy(desc(answerFeed.seq))
    .limit(1);
  return row?.seq ?? 0;
}

// The channel on which new answers are announced: the submit transaction (modules/schedules)
// sends each new answer with pg_notify, the live feed (modules/live-feed) listens. PostgreSQL
// delivers a notification when the transaction commits and drops it when it rolls back, to every
// listening connection of every server process.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export const ANSWERS_CHANNEL = 'fieldops_answers';

/** The payload: "<businessId>:<answerId>". */
export const answerNotice = (businessId: number, answerId: number) => `${businessId}:${answerId}`;

export function parseAnswerNotice(payload: string): { businessId: number; answerId: number } | null {
  const match = /^(\d+):(\d+)$/.exec(payload);
  return match ? { businessId: Number(match[1]), answerId: Number(match[2]) } : null;
}

/** Call inside the transaction that stores the answer. */
export async function notifyNewAnswer(tx: Db, businessId: number, answerId: number) {
  await tx.execute(sql`select pg_notify(${ANSWERS_CHANNEL}, ${answerNotice(businessId, answerId)})`);
}

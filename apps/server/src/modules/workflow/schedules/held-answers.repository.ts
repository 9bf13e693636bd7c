// Queries for answers kept apart: the schedules a plan change removed (written by execution-plans'
// deleteOpenSchedules) and the answers the device's outbox delivered to them afterwards.
import { and, eq } from 'drizzle-orm';
import type { AnswerValue } from '@fieldops/shared/answers';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { heldAnswers, removedSchedules } from '../../../db/schema-schedules.ts';

/** A removed schedule of the business that was this member's, or null: nobody else learns that it existed. */
export async function findRemovedSchedule(db: Db, businessId: number, id: number, userId: number) {
  const [row] = await db
    .select({ id: removedSchedules.id, taskId: removedSchedules.taskId, start: removedSchedules.start, deadline: removedSchedules.deadline })
    .from(removedSchedules)
    .where(and(eq(removedSchedules.id, id), eq(removedSchedules.businessId, businessId), eq(removedSchedules.userId, userId)));
  return row ?? null;
}

export type NewHeldAnswer = Omit<typeof heldAnswers.$inferInsert, 'id' | 'createdAt' | 'value'> & { value: AnswerValue };

export async function insertHeldAnswer(db: Db, values: NewHeldAnswer) {
  const [row] = await db.insert(heldAnswers).values(values).returning({ id: heldAnswers.id });
  return must(row, 'an insert returns its row').id;
}

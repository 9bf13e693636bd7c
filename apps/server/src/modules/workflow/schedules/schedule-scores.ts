// The score of a schedule's inspection (DESIGN §13), computed on the server with the schedule's
// task version. A finished (done) schedule keeps it, written again with each counted answer, for
// its report and for the reports' averages; one not finished is scored when read, and counts in no
// average. A task version with nothing to score keeps no score.
import { and, eq } from 'drizzle-orm';
import type { AnswerValue } from '@fieldops/shared/answers';
import { scoreInspection, type InspectionScore } from '@fieldops/shared/inspection-score';
import { resolveVisibility } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { scheduleScores } from '../../../db/schema-schedules.ts';
import { answersByAction } from './answer-status.ts';
import type { TaskVersion } from '../actions/task-versions.service.ts';
import { isScored, ruleActionsOf, ruleSectionsOf, scoringActionsOf } from '../actions/version-content.ts';

/** The score of these answers (the latest counted one per action) under the version, or null when it scores nothing. */
export function scoreOfAnswers(version: TaskVersion, latest: readonly { actionId: number; value: AnswerValue | null }[]): InspectionScore | null {
  const { content } = version;
  if (!isScored(content)) return null;
  const visibility = resolveVisibility(ruleActionsOf(content), answersByAction(latest), ruleSectionsOf(content));
  const values = Object.fromEntries(latest.map((a) => [a.actionId, a.value]));
  return scoreInspection(
    scoringActionsOf(content),
    content.sections.map((s) => s.id),
    values,
    (id) => visibility.get(id) !== 'HIDDEN',
    content.passMark,
  );
}

/** The schedule as its score keeps it: member, site, task, start and plan group are copied for the reports' rollups. */
export interface ScoredSchedule {
  businessId: number;
  id: number;
  taskId: number;
  teamId: number;
  userId: number;
  start: Date;
  groupId: number;
}

/** Keeps the schedule's score, replacing the one before. */
export async function writeScheduleScore(tx: Db, schedule: ScoredSchedule, version: TaskVersion, score: InspectionScore): Promise<void> {
  const values = {
    taskId: schedule.taskId,
    teamId: schedule.teamId,
    userId: schedule.userId,
    start: schedule.start,
    groupId: schedule.groupId,
    versionId: version.id,
    achieved: score.achieved,
    possible: score.possible,
    percent: score.percent,
    passed: score.passed,
    failed: score.failed,
    sections: score.sections,
    scoredAt: new Date(),
  };
  await tx
    .insert(scheduleScores)
    .values({ scheduleId: schedule.id, businessId: schedule.businessId, ...values })
    .onConflictDoUpdate({ target: scheduleScores.scheduleId, set: values });
}

/** The kept score of a schedule of the business, or null. */
export async function findScheduleScore(db: Db, businessId: number, scheduleId: number) {
  const [row] = await db
    .select()
    .from(scheduleScores)
    .where(and(eq(scheduleScores.businessId, businessId), eq(scheduleScores.scheduleId, scheduleId)));
  return row ?? null;
}

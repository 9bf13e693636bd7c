// Task versions (DESIGN §13): a schedule answers the task as it was when its first answer came,
// and keeps reading it so. The version is found by its content's hash, or added with the next
// number; two schedules first answered at once with the same new content share one version.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { taskVersions } from '../../../db/schema-workflow.ts';
import { findActionRows } from './actions.repository.ts';
import { findSectionRows } from './sections.repository.ts';
import { requireTaskRow } from '../tasks/tasks.service.ts';
import { contentHash, type TaskVersionContent } from './version-content.ts';

export interface TaskVersion {
  id: number;
  number: number;
  content: TaskVersionContent;
}

/** The task's content as it stands now; 404 when the task is gone. */
export async function currentContent(db: Db, businessId: number, taskId: number): Promise<TaskVersionContent> {
  const [task, rows, sections] = await Promise.all([
    requireTaskRow(db, businessId, taskId),
    findActionRows(db, businessId, taskId),
    findSectionRows(db, businessId, taskId),
  ]);
  return {
    nameEn: task.nameEn,
    nameAr: task.nameAr,
    passMark: task.passMark,
    sections: sections.map((s) => ({
      id: s.id,
      nameEn: s.nameEn,
      nameAr: s.nameAr,
      descriptionEn: s.descriptionEn,
      descriptionAr: s.descriptionAr,
      criteria: s.criteria,
    })),
    actions: rows.map((a) => ({
      id: a.id,
      sectionId: a.sectionId,
      nameEn: a.nameEn,
      nameAr: a.nameAr,
      descriptionEn: a.descriptionEn,
      descriptionAr: a.descriptionAr,
      type: a.type,
      options: a.options,
      required: a.required,
      criteria: a.criteria,
      weight: a.weight,
      settings: a.settings,
      rules: a.rules,
      // Absent rather than null without one, so a task's content hashes as it did before images.
      ...(a.image ? { image: a.image } : {}),
    })),
  };
}

const versionColumns = { id: taskVersions.id, number: taskVersions.number, content: taskVersions.content };

/** A version of the business, or null. */
export async function findVersion(db: Db, businessId: number, id: number): Promise<TaskVersion | null> {
  const [row] = await db
    .select(versionColumns)
    .from(taskVersions)
    .where(and(eq(taskVersions.businessId, businessId), eq(taskVersions.id, id)));
  return row ?? null;
}

/** The versions of the business among these ids, by id. */
export async function findVersions(db: Db, businessId: number, ids: readonly number[]): Promise<Map<number, TaskVersion>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(versionColumns)
    .from(taskVersions)
    .where(and(eq(taskVersions.businessId, businessId), inArray(taskVersions.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The version with this content, added if the task has none: the content's hash names it. */
export async function versionFor(db: Db, businessId: number, taskId: number, content: TaskVersionContent): Promise<TaskVersion> {
  const hash = contentHash(content);
  // A number taken at the same moment by another content is tried again with the next one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [found] = await db
      .select(versionColumns)
      .from(taskVersions)
      .where(and(eq(taskVersions.taskId, taskId), eq(taskVersions.hash, hash)));
    if (found) return found;
    const [added] = await db
      .insert(taskVersions)
      .values({
        businessId,
        taskId,
        hash,
        content,
        number: sql`(select coalesce(max(${taskVersions.number}), 0) + 1 from ${taskVersions} where ${taskVersions.taskId} = ${taskId})`,
      })
      .onConflictDoNothing()
      .returning(versionColumns);
    if (added) return added;
  }
  throw new Error(`task ${taskId}: no version could be added for its content`);
}

/**
 * The version a schedule answers: the one it holds, or, at its first answer, the task's current
 * content, which it then holds. Call in the transaction that stores the answer, with the schedule locked.
 */
export async function pinVersion(tx: Db, businessId: number, schedule: { id: number; taskId: number; taskVersionId: number | null }): Promise<TaskVersion> {
  if (schedule.taskVersionId !== null) {
    const held = await findVersion(tx, businessId, schedule.taskVersionId);
    if (held) return held;
  }
  const content = await currentContent(tx, businessId, schedule.taskId);
  const version = await versionFor(tx, businessId, schedule.taskId, content);
  await tx.update(schedules).set({ taskVersionId: version.id }).where(eq(schedules.id, schedule.id));
  return version;
}

// The task a schedule is answered with (DESIGN §13, task versions). Once its first answer pinned a
// version, the runner, the schedule's progress and the checks on every further answer read that
// version's questions, options, rules and sections, whatever the task has become since; so a
// member halfway through an inspection finishes the one they started, and its score counts every
// answer they gave. Before its first answer, a schedule reads the task as it is now.
import type { Action, RuleAction, RuleSection, Section, TaskWithActions } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { tagsOfActions } from './actions.repository.ts';
import { getTaskWithActions } from './task-actions.service.ts';
import { findVersion, type TaskVersion } from './task-versions.service.ts';
import { ruleActionsOf, ruleSectionsOf, type TaskVersionContent } from './version-content.ts';

/** Which task, and which of its versions (null before the first answer), a schedule answers. */
export interface AnsweredTaskRef {
  taskId: number;
  taskVersionId: number | null;
}

/** The version's actions and sections in the shape of the task's own, tags taken from the actions still there. */
function asTaskParts(taskId: number, content: TaskVersionContent, tags: Map<number, Action['tags']>): Pick<TaskWithActions, 'actions' | 'sections'> {
  const actions: Action[] = content.actions.map((a, i) => ({
    ...a,
    image: a.image ?? null,
    taskId,
    order: i + 1,
    tags: tags.get(a.id) ?? [],
  }));
  const sections: Section[] = content.sections.map((s, i) => ({ ...s, taskId, order: i + 1 }));
  return { actions, sections };
}

/**
 * The task with the actions and sections the schedule answers: its pinned version's, or the
 * task's own before its first answer. The task's settings (its geofence rule, its tag) are the
 * task's now; its names and pass mark are the version's.
 */
export async function answeredTask(db: Db, businessId: number, ref: AnsweredTaskRef): Promise<TaskWithActions> {
  const version = ref.taskVersionId !== null ? await findVersion(db, businessId, ref.taskVersionId) : null;
  if (!version) return getTaskWithActions(db, businessId, ref.taskId, true);
  const { content } = version;
  const [task, tags] = await Promise.all([
    getTaskWithActions(db, businessId, ref.taskId, false),
    tagsOfActions(
      db,
      content.actions.map((a) => a.id),
    ),
  ]);
  return { ...task, nameEn: content.nameEn, nameAr: content.nameAr, passMark: content.passMark, ...asTaskParts(ref.taskId, content, tags) };
}

/** An action of the schedule's pinned version, as the checks of an answer read it; undefined when the version lacks it. */
export function versionActionOf(version: TaskVersion, actionId: number) {
  return version.content.actions.find((a) => a.id === actionId);
}

/** A version's actions and sections as the chain rules read them. */
export const ruleSetOfVersion = (version: TaskVersion): { actions: RuleAction[]; sections: RuleSection[] } => ({
  actions: ruleActionsOf(version.content),
  sections: ruleSectionsOf(version.content),
});

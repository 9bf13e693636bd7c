// The layout of a task in the builder, without drawing: its actions grouped by section (the part
// before any section first), and the moves a drag makes in it, within a group or into another.
import type { TaskWithActions } from '@fieldops/shared/tasks';
import type { Layout } from '../../api/update-layout.ts';

export type Groups = Layout['groups'];

/** Where an item or a group is dropped: a group's own id, or an action's. */
export type DropId = string | number;

export const groupDropId = (sectionId: number | null) => `group:${sectionId ?? 'none'}`;

/** The task's actions by section, in the task's order: the part before any section, then each section. */
export function groupsOf(task: Pick<TaskWithActions, 'actions' | 'sections'>): Groups {
  const sections = task.sections ?? [];
  const known = new Set(sections.map((section) => section.id));
  const inGroup = (sectionId: number | null) =>
    task.actions
      .filter((action) => (action.sectionId != null && known.has(action.sectionId) ? action.sectionId : null) === sectionId)
      .map((action) => action.id);
  return [{ sectionId: null, actionIds: inGroup(null) }, ...sections.map((section) => ({ sectionId: section.id, actionIds: inGroup(section.id) }))];
}

/** The index of the group that holds `id`: a group's drop id or one of its actions. */
export function groupIndexOf(groups: Groups, id: DropId): number {
  if (typeof id === 'string') return groups.findIndex((group) => groupDropId(group.sectionId) === id);
  return groups.findIndex((group) => group.actionIds.includes(id));
}

/**
 * The groups with action `active` moved to where `over` is: before the action `over` (after it
 * when moving down within a group) or, over a group itself, at its end.
 */
export function moveInGroups(groups: Groups, active: number, over: DropId): Groups {
  const from = groupIndexOf(groups, active);
  const to = groupIndexOf(groups, over);
  if (from < 0 || to < 0 || active === over) return groups;
  const next = groups.map((group) => ({ ...group, actionIds: [...group.actionIds] }));
  const source = next[from]?.actionIds ?? [];
  const target = next[to]?.actionIds ?? [];
  const oldIndex = source.indexOf(active);
  source.splice(oldIndex, 1);
  let newIndex = typeof over === 'number' ? target.indexOf(over) : target.length;
  if (newIndex < 0) newIndex = target.length;
  // Within one group, moving down puts it after the action it is over.
  if (from === to && typeof over === 'number' && newIndex >= oldIndex) newIndex += 1;
  target.splice(newIndex, 0, active);
  return next;
}

/** Whether two layouts put every action at the same place. */
export const sameLayout = (a: Groups, b: Groups) => JSON.stringify(a) === JSON.stringify(b);

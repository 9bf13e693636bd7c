// The invariants of a task's layout. The actions in no section come first, then the actions of
// each section in the sections' order: a section's actions are a run of the task's order. A
// section's rule names a base action before the section (in no section or an earlier section), so
// like an action's rule it always points backwards.
import { CHAINABLE_ACTION_TYPES } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import { ruleAnswersFor, type ActionCriteria } from '@fieldops/shared/tasks';
import { AppError, fieldError, missingReference } from '../../../lib/errors.ts';
import type { ActionRow } from './actions.repository.ts';
import { namesOf } from './chain-rules.ts';
import type { SectionRow } from './sections.repository.ts';

/** Each group's rank: 0 for the actions in no section, then 1, 2, ... for the sections in order. */
export function groupRanks(sections: readonly { id: number }[]): Map<number | null, number> {
  return new Map<number | null, number>([[null, 0], ...sections.map((s, i) => [s.id, i + 1] as const)]);
}

/** The actions put in their sections' order, keeping their order within each. */
export function arrangeBySection<T extends { sectionId: number | null }>(ordered: readonly T[], sections: readonly { id: number }[]): T[] {
  const rank = groupRanks(sections);
  return ordered
    .map((a, i) => ({ a, i, g: rank.get(a.sectionId) ?? 0 }))
    .sort((x, y) => x.g - y.g || x.i - y.i)
    .map((x) => x.a);
}

const BASE_FIELD = 'criteria.condition.baseActionId';

/** Refuses a rule for `section` unless its base is a chainable action of the task before the section. */
export function checkSectionRule(sections: readonly SectionRow[], section: SectionRow, criteria: ActionCriteria, base: ActionRow | null) {
  if (!base) throw missingReference(BASE_FIELD, MSG.actionNotFound);
  if (base.taskId !== section.taskId) throw fieldError(BASE_FIELD, MSG.ruleBaseInOtherTask);
  const rank = groupRanks(sections);
  if ((rank.get(base.sectionId) ?? 0) >= (rank.get(section.id) ?? 0)) throw fieldError(BASE_FIELD, MSG.sectionRuleMustPointBefore);
  if (!CHAINABLE_ACTION_TYPES.includes(base.type)) throw fieldError(BASE_FIELD, MSG.ruleBaseNotChainable);
  if (!ruleAnswersFor(base.type, base.options.length).includes(criteria.condition.answer)) {
    throw fieldError('criteria.condition.answer', MSG.ruleAnswerInvalid);
  }
}

/** Refuses a layout that puts a section at or before the base of its rule. */
export function checkLayoutKeepsSectionRules(actionsById: ReadonlyMap<number, { sectionId: number | null }>, sections: readonly SectionRow[]) {
  const rank = groupRanks(sections);
  const broken = sections.filter((s) => {
    if (!s.criteria) return false;
    const base = actionsById.get(s.criteria.condition.baseActionId);
    return !base || (rank.get(base.sectionId) ?? 0) >= (rank.get(s.id) ?? 0);
  });
  if (broken.length > 0) {
    throw new AppError(409, MSG.reorderBreaksRules, { detail: namesOf(broken), fieldErrors: [{ field: 'groups', message: MSG.reorderBreaksRules }] });
  }
}

// The invariants of chain rules. A rule sits on its target action and names a base action that
// is earlier in the same task, can drive a rule (yes/no or a choice), and has the rule's answer
// among its answers. Because every rule points backwards and reordering keeps it so, rules can
// never form a cycle.
import { CHAINABLE_ACTION_TYPES, type ActionType } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import { ruleAnswersFor, type ActionCriteria } from '@fieldops/shared/tasks';
import { AppError, fieldError, missingReference } from '../../../lib/errors.ts';
import { actionLabel, type ActionRow } from './actions.repository.ts';

const BASE_FIELD = 'criteria.condition.baseActionId';
const ANSWER_FIELD = 'criteria.condition.answer';

/**
 * Refuses a rule for `target` unless it holds. `ordered` is the task's actions in order;
 * `base` is the base action found in the business (null when there is none).
 */
export function checkRule(ordered: readonly ActionRow[], target: ActionRow, criteria: ActionCriteria, base: ActionRow | null) {
  if (!base) throw missingReference(BASE_FIELD, MSG.actionNotFound);
  if (base.taskId !== target.taskId) throw fieldError(BASE_FIELD, MSG.ruleBaseInOtherTask);
  const position = (id: number) => ordered.findIndex((a) => a.id === id);
  if (position(base.id) >= position(target.id)) throw fieldError(BASE_FIELD, MSG.ruleMustPointLater);
  if (!CHAINABLE_ACTION_TYPES.includes(base.type)) throw fieldError(BASE_FIELD, MSG.ruleBaseNotChainable);
  if (!ruleAnswersFor(base.type, base.options.length).includes(criteria.condition.answer)) {
    throw fieldError(ANSWER_FIELD, MSG.ruleAnswerInvalid);
  }
}

/** Names the actions for a problem's `detail`, so the user knows which ones are meant. */
export const namesOf = (rows: readonly { id: number; nameEn: string | null; nameAr: string | null }[]) => rows.map(actionLabel).join(', ');

/** The dependents whose rules would no longer fit a base of this type and number of options. */
export function rulesBrokenBy(
  dependents: readonly { id: number; nameEn: string | null; nameAr: string | null; criteria: ActionCriteria | null }[],
  type: ActionType,
  optionsCount: number,
) {
  const answers = ruleAnswersFor(type, optionsCount);
  return dependents.filter((d) => d.criteria && !answers.includes(d.criteria.condition.answer));
}

/** Refuses an order that puts any rule's target at or before its base. */
export function checkOrderKeepsRules(ordered: readonly ActionRow[]) {
  const position = new Map(ordered.map((a, i) => [a.id, i]));
  const broken = ordered.filter((a, i) => a.baseActionId !== null && (position.get(a.baseActionId) ?? -1) >= i);
  if (broken.length > 0) {
    throw new AppError(409, MSG.reorderBreaksRules, { detail: namesOf(broken), fieldErrors: [{ field: 'actionIds', message: MSG.reorderBreaksRules }] });
  }
}

// A task's actions as a self-contained document. In the document a rule names its base by
// position, so a copy (a duplicate, a template, a task made from a template) re-points every
// rule at the copied base action; `insertContentActions` (actions.repository.ts) turns it back
// into actions.
import type { TemplateAction } from '@fieldops/shared/tasks';
import type { ActionRow } from './actions.repository.ts';

/** The actions, in order, with each rule's base given by its index in the list. */
export function contentOfActions(rows: readonly ActionRow[]): TemplateAction[] {
  const indexOf = new Map(rows.map((r, i) => [r.id, i]));
  return rows.map((r) => {
    const baseIndex = r.criteria ? indexOf.get(r.criteria.condition.baseActionId) : undefined;
    return {
      nameEn: r.nameEn,
      nameAr: r.nameAr,
      descriptionEn: r.descriptionEn,
      descriptionAr: r.descriptionAr,
      type: r.type,
      options: r.options,
      required: r.required,
      criteria:
        r.criteria && baseIndex !== undefined ? { condition: { baseIndex, answer: r.criteria.condition.answer }, visibility: r.criteria.visibility } : null,
    };
  });
}

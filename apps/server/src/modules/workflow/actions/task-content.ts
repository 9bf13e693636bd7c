// A task's actions and sections as a self-contained document. In the document a rule names its
// base by position and an action its section by position, so a copy (a duplicate, a template, a
// task made from a template) re-points every rule at the copied base action and every action at
// the copied section; `insertTaskContent` (task-actions.service.ts) turns it back into rows.
import type { ActionCriteria, TemplateAction, TemplateSection } from '@fieldops/shared/tasks';
import type { SectionRow } from './sections.repository.ts';
import type { ActionRow } from './actions.repository.ts';

const criteriaByIndex = (criteria: ActionCriteria | null, indexOf: ReadonlyMap<number, number>) => {
  const baseIndex = criteria ? indexOf.get(criteria.condition.baseActionId) : undefined;
  return criteria && baseIndex !== undefined ? { condition: { baseIndex, answer: criteria.condition.answer }, visibility: criteria.visibility } : null;
};

/** The actions, in order, with each rule's base and each section given by its index in its list. */
export function contentOfActions(rows: readonly ActionRow[], sections: readonly SectionRow[] = []): TemplateAction[] {
  const indexOf = new Map(rows.map((r, i) => [r.id, i]));
  const sectionIndex = new Map(sections.map((s, i) => [s.id, i]));
  return rows.map((r) => ({
    nameEn: r.nameEn,
    nameAr: r.nameAr,
    descriptionEn: r.descriptionEn,
    descriptionAr: r.descriptionAr,
    type: r.type,
    options: r.options,
    required: r.required,
    criteria: criteriaByIndex(r.criteria, indexOf),
    section: r.sectionId === null ? null : (sectionIndex.get(r.sectionId) ?? null),
    weight: r.weight,
    settings: r.settings,
    rules: r.rules,
    // The copy names the same file: the sweep keeps it while any action, template or version does.
    ...(r.image ? { image: r.image } : {}),
  }));
}

/** The sections, in order, each rule's base given by its index in the list of actions. */
export function contentOfSections(rows: readonly ActionRow[], sections: readonly SectionRow[]): TemplateSection[] {
  const indexOf = new Map(rows.map((r, i) => [r.id, i]));
  return sections.map((s) => ({
    nameEn: s.nameEn,
    nameAr: s.nameAr,
    descriptionEn: s.descriptionEn,
    descriptionAr: s.descriptionAr,
    criteria: criteriaByIndex(s.criteria, indexOf),
  }));
}

// What an inspection's report shows, in order: the actions before any section, then each
// section, each with the actions the member was shown (a question a chain rule hid is left out)
// and the latest answer to each. The task version the schedule was answered with decides all of
// it; an answer to an action the version lacks is not shown.
import type { ActionResult } from '@fieldops/shared/answers';
import type { Inspection, VersionAction, VersionSection } from '@fieldops/shared/inspections';
import { resolveVisibility, type RuleAnswer } from '@fieldops/shared/tasks';

export interface ReportItem {
  action: VersionAction;
  answer: ActionResult | null;
}

export interface ReportGroup {
  /** Null for the actions before any section. */
  section: VersionSection | null;
  items: ReportItem[];
}

const ruleAnswerOf = (value: ActionResult['value'] | undefined): RuleAnswer => (typeof value === 'string' || Array.isArray(value) ? value : null);

export function reportGroups(inspection: Inspection): ReportGroup[] {
  const content = inspection.version?.content;
  if (!content) return [];
  const answers = new Map(inspection.answers.map((a) => [a.action.id, a]));
  const visibility = resolveVisibility(
    content.actions.map((a) => ({ id: a.id, type: a.type, required: a.required, criteria: a.criteria, sectionId: a.sectionId })),
    Object.fromEntries(content.actions.map((a) => [a.id, ruleAnswerOf(answers.get(a.id)?.value)])),
    content.sections.map((s) => ({ id: s.id, criteria: s.criteria })),
  );
  const shown = (action: VersionAction) => answers.has(action.id) || visibility.get(action.id) !== 'HIDDEN';
  const itemsOf = (sectionId: number | null) =>
    content.actions.filter((a) => a.sectionId === sectionId && shown(a)).map((action) => ({ action, answer: answers.get(action.id) ?? null }));
  return [{ section: null, items: itemsOf(null) }, ...content.sections.map((section) => ({ section, items: itemsOf(section.id) }))];
}

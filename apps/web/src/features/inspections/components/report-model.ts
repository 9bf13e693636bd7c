// What an inspection report shows, worked out from the inspection: the actions of the version in
// its order, grouped by section (those before the first section first, under no heading), each
// with its answer; an action that chain rules hide and that has no answer is left out, and so is a
// section left with nothing in it.
import type { ActionResult } from '@fieldops/shared/answers';
import type { Inspection, VersionAction, VersionSection } from '@fieldops/shared/inspections';
import { outOfRange, settingsOf } from '@fieldops/shared/inspection-score';
import { resolveVisibility, type RuleAnswer } from '@fieldops/shared/tasks';

export interface ReportItem {
  action: VersionAction;
  /** The latest answer; null when the action was not answered. */
  answer: ActionResult | null;
}

export interface ReportGroup {
  /** Null for the actions before the first section. */
  section: VersionSection | null;
  items: ReportItem[];
  /** The section's score in percent; null when nothing in it was scored. */
  percent: number | null;
}

type Content = NonNullable<Inspection['version']>['content'];

/** An answer as chain rules read it: only yes/no answers and chosen options lead anywhere. */
const ruleAnswer = (value: ActionResult['value']): RuleAnswer => (typeof value === 'string' || Array.isArray(value) ? value : undefined);

export function reportGroups(content: Content, answers: readonly ActionResult[], score: Inspection['score']): ReportGroup[] {
  const byAction = new Map(answers.map((answer) => [answer.action.id, answer]));
  const ruleAnswers: Record<number, RuleAnswer> = {};
  for (const answer of answers) ruleAnswers[answer.action.id] = ruleAnswer(answer.value);
  const visibility = resolveVisibility(content.actions, ruleAnswers, content.sections);
  const percentOf = (sectionId: number | null) => score?.sections.find((part) => part.sectionId === sectionId)?.percent ?? null;

  const known = new Set(content.sections.map((section) => section.id));
  const itemsOf = (sectionId: number | null): ReportItem[] =>
    content.actions
      // An action whose section the version lacks reads with those before the first section.
      .filter((action) => (action.sectionId !== null && known.has(action.sectionId) ? action.sectionId : null) === sectionId)
      .map((action) => ({ action, answer: byAction.get(action.id) ?? null }))
      .filter((item) => item.answer !== null || visibility.get(item.action.id) !== 'HIDDEN');

  const groups: ReportGroup[] = [{ section: null, items: itemsOf(null), percent: percentOf(null) }];
  for (const section of content.sections) groups.push({ section, items: itemsOf(section.id), percent: percentOf(section.id) });
  return groups.filter((group) => group.items.length > 0);
}

/** A number answered outside the range its action accepts. */
export const isOutOfRange = (item: ReportItem): boolean =>
  item.action.type === 'NUMBER' && item.answer !== null && outOfRange(settingsOf(item.action.settings), item.answer.value);

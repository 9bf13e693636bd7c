// A task's content as one document (DESIGN §13, task versions): what its questions, options,
// sections, scores and rules were, under their ids, so that answers given to it always read as
// they were given. Two documents with the same content have the same hash whatever order their
// keys were read in.
import { createHash } from 'node:crypto';
import { possiblePoints, type ScoringAction } from '@fieldops/shared/inspection-score';
import type { TaskVersionContent } from '@fieldops/shared/inspections';
import type { RuleAction, RuleSection } from '@fieldops/shared/tasks';

export type { TaskVersionContent };

/** JSON with every object's keys sorted, so equal content is equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const contentHash = (content: TaskVersionContent) => createHash('sha256').update(canonical(content)).digest('hex');

/** The version's actions as chain rules read them. */
export const ruleActionsOf = (content: TaskVersionContent): RuleAction[] =>
  content.actions.map((a) => ({ id: a.id, type: a.type, required: a.required, criteria: a.criteria, sectionId: a.sectionId }));

export const ruleSectionsOf = (content: TaskVersionContent): RuleSection[] => content.sections.map((s) => ({ id: s.id, criteria: s.criteria }));

/** The version's actions as scoring reads them. */
export const scoringActionsOf = (content: TaskVersionContent): ScoringAction[] =>
  content.actions.map((a) => ({
    id: a.id,
    sectionId: a.sectionId,
    type: a.type,
    optionsCount: a.options.length,
    weight: a.weight,
    settings: a.settings,
    rules: a.rules,
  }));

/** Whether any answer of the version can score: only then is a schedule's score kept. */
export const isScored = (content: TaskVersionContent) => content.passMark !== null || scoringActionsOf(content).some((a) => possiblePoints(a) !== null);

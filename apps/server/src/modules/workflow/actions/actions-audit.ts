// What the audit log keeps of a change to a task's actions and sections, each recorded as a change
// of the task (`task.updated`, tasks.service.ts recordTaskPartChange): the part by name and how it
// changed, and a small summary before and after: names, the fields that changed, positions. Never
// whole rows: options as their labels, a rule as its base action's name and answer.
import type { ActionCriteria, ActionOption } from '@fieldops/shared/tasks';
import { changedFields } from '../../../lib/audit-changes.ts';
import { actionLabel, type ActionRow } from './actions.repository.ts';
import type { SectionRow } from './sections.repository.ts';

type Fields = Record<string, unknown>;
type Named = { id: number; nameEn: string | null; nameAr: string | null };

/** How a part of a task changed; the audit page words each (features/audit-log). */
export type PartChange =
  'added' | 'changed' | 'removed' | 'copied' | 'moved' | 'rule_set' | 'rule_removed' | 'tags_changed' | 'picture_set' | 'picture_removed';

/** The part as the entry names it; `named` is null for a change of the whole order. */
export const partOf = (type: 'action' | 'section', change: PartChange, named: Named | null) => ({
  type,
  id: named?.id ?? null,
  name: named ? (named.nameEn ?? named.nameAr ?? null) : null,
  change,
});

/** The fields that hold something (a new or removed part shows what it had, not its empty fields). */
function filled(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

const optionsText = (options: readonly ActionOption[]) => options.map((o) => `${o.labelEn} / ${o.labelAr}`).join(', ');
export const sectionName = (sections: readonly SectionRow[], id: number | null) => {
  const found = id === null ? undefined : sections.find((s) => s.id === id);
  return found ? actionLabel(found) : null;
};

/** What a reader wants of an action: its names, descriptions, type, options, whether required, section and scoring. */
function actionFields(row: ActionRow, sections: readonly SectionRow[]): Fields {
  return {
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    type: row.type,
    options: optionsText(row.options),
    required: row.required,
    section: sectionName(sections, row.sectionId),
    weight: row.weight,
    settings: row.settings,
    rules: row.rules,
  };
}

/** A new (or copied) action: its names, type, whether required, section and position (1 for the first). */
export const addedAction = (row: ActionRow, position: number, sections: readonly SectionRow[]): Fields =>
  filled({ nameEn: row.nameEn, nameAr: row.nameAr, type: row.type, required: row.required, section: sectionName(sections, row.sectionId), position });

/** A deleted action: what it was called, its type and position. */
export const removedAction = (row: ActionRow, position: number): Fields => filled({ nameEn: row.nameEn, nameAr: row.nameAr, type: row.type, position });

/** Each action where it stands: 1 for the first. */
export const placesOf = (rows: readonly ActionRow[]): Placed[] => rows.map((r, i) => ({ id: r.id, nameEn: r.nameEn, nameAr: r.nameAr, where: i + 1 }));

/** The fields of an action that a change changed; null when it changed nothing. */
export const actionChange = (before: ActionRow, after: ActionRow, sections: readonly SectionRow[]) =>
  changedFields(actionFields(before, sections), actionFields(after, sections));

/** A section's names and descriptions: all of them for a new or deleted one, the changed ones for a change. */
export const sectionFields = (row: Pick<SectionRow, 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr'>): Fields => ({
  nameEn: row.nameEn,
  nameAr: row.nameAr,
  descriptionEn: row.descriptionEn,
  descriptionAr: row.descriptionAr,
});
export const addedSection = (row: Parameters<typeof sectionFields>[0], position: number): Fields => filled({ ...sectionFields(row), position });

/** A chain rule as a reader says it: the action whose answer decides, the answer (an option by its label) and what it does. */
export function ruleFields(criteria: ActionCriteria | null, actions: readonly ActionRow[]): Fields | null {
  if (!criteria) return null;
  const base = actions.find((a) => a.id === criteria.condition.baseActionId);
  const answer = criteria.condition.answer;
  const option = base && /^\d+$/.test(answer) ? base.options[Number(answer)] : undefined;
  return {
    baseAction: base ? actionLabel(base) : `#${criteria.condition.baseActionId}`,
    answer: option ? `${option.labelEn} / ${option.labelAr}` : answer,
    visibility: criteria.visibility,
  };
}

/** A rule set, changed or removed: the whole rule before and after (null for none); null when it stayed the same. */
export function ruleChange(before: ActionCriteria | null, after: ActionCriteria | null, actions: readonly ActionRow[]) {
  const was = ruleFields(before, actions);
  const is = ruleFields(after, actions);
  return JSON.stringify(was) === JSON.stringify(is) ? null : { before: was, after: is };
}

/** At most this many moved parts are named in one entry; the rest are counted. */
const MOVES_SHOWN = 20;

/**
 * The items that moved, fewest first: those outside a longest run that kept its relative order
 * (moving one action up names that one, not every action it passed).
 */
function movedIds(beforeIds: readonly number[], afterIds: readonly number[]): Set<number> {
  const was = new Map(beforeIds.map((id, i) => [id, i]));
  const seq = afterIds.filter((id) => was.has(id));
  // Longest increasing run of former positions, by patience sorting with back links.
  const tails: number[] = [];
  const back: number[] = new Array<number>(seq.length).fill(-1);
  seq.forEach((id, i) => {
    const value = was.get(id) ?? 0;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((was.get(seq[tails[mid] ?? 0] ?? 0) ?? 0) < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[i] = tails[lo - 1] ?? -1;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = back[i] ?? -1) kept.add(seq[i] ?? 0);
  return new Set(seq.filter((id) => !kept.has(id)));
}

export interface Placed extends Named {
  /** What the entry shows of where it is: its position, with its section where that changed. */
  where: string | number;
}

/**
 * The parts that moved between two layouts, each by name (with its id where that name is already
 * taken, in `taken` or among them) and where it was and is; null when nothing moved. `alsoMoved`:
 * parts that count as moved whatever their place (an action put in another section).
 */
export function moves(before: readonly Placed[], after: readonly Placed[], alsoMoved: ReadonlySet<number> = new Set(), taken: ReadonlySet<string> = new Set()) {
  const moved = movedIds(
    before.map((p) => p.id),
    after.map((p) => p.id),
  );
  for (const id of alsoMoved) moved.add(id);
  const shown = after.filter((p) => moved.has(p.id));
  if (shown.length === 0) return null;
  const wasAt = new Map(before.map((p) => [p.id, p.where]));
  const counts = new Map<string, number>();
  for (const p of shown) counts.set(actionLabel(p), (counts.get(actionLabel(p)) ?? 0) + 1);
  const was: Fields = {};
  const is: Fields = {};
  for (const p of shown.slice(0, MOVES_SHOWN)) {
    const name = actionLabel(p);
    const label = (counts.get(name) ?? 0) > 1 || taken.has(name) ? `${name} #${p.id}` : name;
    was[label] = wasAt.get(p.id) ?? null;
    is[label] = p.where;
  }
  if (shown.length > MOVES_SHOWN) is.others = shown.length - MOVES_SHOWN;
  return { before: was, after: is };
}

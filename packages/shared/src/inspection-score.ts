// Scores and evidence of an inspection (DESIGN §13): what an answer is worth, what it must carry,
// and how a schedule's answers add up to section and total percentages and a pass or a fail.
// Computed on the server when an answer is stored, and on the device for the runner's preview, by
// these same functions. Without the schema library: the runner imports them.
import type { ActionType } from './enums.ts';

/** What one answer (a yes/no answer, an option) means: its score and the evidence it asks for. */
export interface AnswerRule {
  /** Points for this answer; null when the answer is not scored. */
  score: number | null;
  /** The answer counts for nothing: the action leaves the score altogether ("not applicable"). */
  na: boolean;
  photoRequired: boolean;
  noteRequired: boolean;
  /** Giving this answer flags it, as if the member had marked it important. */
  flag: boolean;
}

/** Rules by answer key: 'YES', 'NO', 'NA' for a yes/no action, the option's index for a choice. */
export type AnswerRules = Record<string, AnswerRule>;

/** The settings of an action, by type (each type reads its own and ignores the rest). */
export interface ActionSettings {
  /** NUMBER: the accepted range, either end optional; SLIDER: the scale's ends. */
  min: number | null;
  max: number | null;
  /** NUMBER: the unit shown beside the value ("°C", "kg"). */
  unit: string | null;
  /** SLIDER: the step between values. */
  step: number | null;
  /** YES_NO: the member may answer "N/A", which counts for nothing. */
  allowNa: boolean;
  /** RATING, SLIDER, NUMBER: the answer scores (stars of five, the slider's position, in range or not). */
  scored: boolean;
  /**
   * PHOTO: the photo is taken with the page's live camera, never picked from a file or the
   * gallery. Absent on actions older than it: false.
   */
  cameraOnly?: boolean;
}

export const DEFAULT_SETTINGS: ActionSettings = { min: null, max: null, unit: null, step: null, allowNa: false, scored: false };
/** Settings as kept, with what was not kept (an action older than its settings) at the defaults. */
export const settingsOf = (kept: Partial<ActionSettings> | null | undefined): ActionSettings => ({ ...DEFAULT_SETTINGS, ...kept });

export const DEFAULT_RULE: AnswerRule = { score: null, na: false, photoRequired: false, noteRequired: false, flag: false };

/** The stars of a rating. */
export const RATING_STARS = 5;

/** An action as scoring reads it. */
export interface ScoringAction {
  id: number;
  sectionId: number | null;
  type: ActionType;
  optionsCount: number;
  weight: number;
  settings: ActionSettings;
  rules: AnswerRules;
}

export type ScoredValue = string | string[] | number | boolean | null | undefined;

/** The rule keys an answer value stands for: its yes/no answer or the options it chose. */
export function answerKeys(value: ScoredValue): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value;
  return [];
}

/** The answer keys a rule may be kept under for an action of this type and options. */
export function ruleKeysFor(type: ActionType, optionsCount: number, settings: Pick<ActionSettings, 'allowNa'> = DEFAULT_SETTINGS): string[] {
  if (type === 'YES_NO') return settings.allowNa ? ['YES', 'NO', 'NA'] : ['YES', 'NO'];
  if (type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE') return Array.from({ length: optionsCount }, (_, i) => String(i));
  return [];
}

/** Whether a number lies outside the action's range (an end left open is no limit). */
export function outOfRange(settings: Pick<ActionSettings, 'min' | 'max'>, value: ScoredValue): boolean {
  if (typeof value !== 'number') return false;
  return (settings.min !== null && value < settings.min) || (settings.max !== null && value > settings.max);
}

/** What an answer must carry or does by its rules: a photo, a note, a flag. */
export function evidenceOf(action: Pick<ScoringAction, 'rules'>, value: ScoredValue): { photo: boolean; note: boolean; flag: boolean } {
  const evidence = { photo: false, note: false, flag: false };
  for (const key of answerKeys(value)) {
    const rule = action.rules[key];
    if (!rule) continue;
    evidence.photo ||= rule.photoRequired;
    evidence.note ||= rule.noteRequired;
    evidence.flag ||= rule.flag;
  }
  return evidence;
}

const scoreOf = (rules: AnswerRules, key: string) => {
  const rule = rules[key];
  return rule && !rule.na && rule.score !== null ? rule.score : null;
};

/**
 * The most an action can score, before its weight, or null when it is not scored: an option
 * action scores when one of its answers carries a score (the best one for a single answer, the
 * sum of the positive ones for several); a rating, a slider and a number with a range when set to.
 */
export function possiblePoints(action: ScoringAction): number | null {
  if (action.weight <= 0) return null;
  switch (action.type) {
    case 'YES_NO':
    case 'SINGLE_CHOICE': {
      const scores = ruleKeysFor(action.type, action.optionsCount, action.settings)
        .map((key) => scoreOf(action.rules, key))
        .filter((s): s is number => s !== null);
      const best = scores.length > 0 ? Math.max(...scores) : 0;
      return best > 0 ? best : null;
    }
    case 'MULTIPLE_CHOICE': {
      const total = ruleKeysFor(action.type, action.optionsCount).reduce((sum, key) => sum + Math.max(0, scoreOf(action.rules, key) ?? 0), 0);
      return total > 0 ? total : null;
    }
    case 'RATING':
      return action.settings.scored ? RATING_STARS : null;
    case 'SLIDER': {
      const { min, max, scored } = action.settings;
      return scored && min !== null && max !== null && max > min ? max - min : null;
    }
    case 'NUMBER':
      return action.settings.scored && (action.settings.min !== null || action.settings.max !== null) ? 1 : null;
    default:
      return null;
  }
}

/**
 * What an answer scores, before the weight, or null when it counts for nothing: the action is not
 * scored, the answer is missing, or it was answered "not applicable".
 */
export function achievedPoints(action: ScoringAction, value: ScoredValue): number | null {
  const possible = possiblePoints(action);
  if (possible === null || value === null || value === undefined) return null;
  switch (action.type) {
    case 'YES_NO':
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const keys = answerKeys(value);
      if (keys.length === 0 || keys.some((key) => action.rules[key]?.na)) return null;
      const sum = keys.reduce((total, key) => total + (scoreOf(action.rules, key) ?? 0), 0);
      return Math.min(possible, Math.max(0, sum));
    }
    case 'RATING':
      return typeof value === 'number' ? Math.min(possible, Math.max(0, value)) : null;
    case 'SLIDER':
      return typeof value === 'number' && action.settings.min !== null ? Math.min(possible, Math.max(0, value - action.settings.min)) : null;
    case 'NUMBER':
      return typeof value === 'number' ? (outOfRange(action.settings, value) ? 0 : 1) : null;
    default:
      return null;
  }
}

export interface PointsTotal {
  achieved: number;
  possible: number;
  /** achieved ÷ possible × 100, or null when nothing was scored. */
  percent: number | null;
}

export interface InspectionScore extends PointsTotal {
  /** Per section, in the order given; `null` is the part before the first section. */
  sections: ({ sectionId: number | null } & PointsTotal)[];
  /** Passed the task's pass mark; null without a pass mark or with nothing scored. */
  passed: boolean | null;
  /** Scored answers that earned nothing, and numbers out of their range: the failed items. */
  failed: number[];
}

const percentOf = (achieved: number, possible: number) => (possible > 0 ? (achieved / possible) * 100 : null);

/**
 * The score of a schedule's answers. `visible` says which actions the member was asked (chain
 * rules and sections): an action they hide counts for nothing, and so does one left unanswered,
 * as an optional action may be. Each answer counts its points times the action's weight.
 */
export function scoreInspection(
  actions: readonly ScoringAction[],
  sectionIds: readonly number[],
  answers: Readonly<Record<number, ScoredValue>>,
  visible: (actionId: number) => boolean,
  passMark: number | null,
): InspectionScore {
  const bySection = new Map<number | null, { achieved: number; possible: number }>([[null, { achieved: 0, possible: 0 }]]);
  for (const id of sectionIds) bySection.set(id, { achieved: 0, possible: 0 });
  const failed: number[] = [];
  let achieved = 0;
  let possible = 0;
  for (const action of actions) {
    if (!visible(action.id)) continue;
    const value = answers[action.id];
    if (action.type === 'NUMBER' && outOfRange(action.settings, value)) failed.push(action.id);
    const most = possiblePoints(action);
    const got = achievedPoints(action, value);
    if (most === null || got === null) continue;
    if (got === 0 && !failed.includes(action.id)) failed.push(action.id);
    const part = bySection.get(action.sectionId) ?? { achieved: 0, possible: 0 };
    part.achieved += got * action.weight;
    part.possible += most * action.weight;
    bySection.set(action.sectionId, part);
    achieved += got * action.weight;
    possible += most * action.weight;
  }
  const percent = percentOf(achieved, possible);
  return {
    achieved,
    possible,
    percent,
    passed: passMark === null || percent === null ? null : percent >= passMark,
    sections: [...bySection].map(([sectionId, part]) => ({ sectionId, ...part, percent: percentOf(part.achieved, part.possible) })),
    failed,
  };
}

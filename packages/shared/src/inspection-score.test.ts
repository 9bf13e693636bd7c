// Scoring an inspection: hand-worked examples, then properties over random tasks and answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionType } from './enums.ts';
import {
  achievedPoints,
  DEFAULT_RULE,
  DEFAULT_SETTINGS,
  evidenceOf,
  outOfRange,
  possiblePoints,
  scoreInspection,
  type AnswerRule,
  type ScoredValue,
  type ScoringAction,
} from './inspection-score.ts';
import { resolveVisibility, type ActionCriteria, type RuleAction } from './tasks.ts';

const rule = (score: number | null, extra: Partial<AnswerRule> = {}): AnswerRule => ({ ...DEFAULT_RULE, score, ...extra });
const action = (id: number, type: ActionType, extra: Partial<ScoringAction> = {}): ScoringAction => ({
  id,
  sectionId: null,
  type,
  optionsCount: 0,
  weight: 1,
  settings: DEFAULT_SETTINGS,
  rules: {},
  ...extra,
});
const all = () => true;

describe('points of one answer', () => {
  const yesNo = action(1, 'YES_NO', { settings: { ...DEFAULT_SETTINGS, allowNa: true }, rules: { YES: rule(1), NO: rule(0), NA: rule(null, { na: true }) } });

  it('scores a yes/no answer by its rule, and not applicable as nothing', () => {
    expect(possiblePoints(yesNo)).toBe(1);
    expect(achievedPoints(yesNo, 'YES')).toBe(1);
    expect(achievedPoints(yesNo, 'NO')).toBe(0);
    expect(achievedPoints(yesNo, 'NA')).toBeNull();
    expect(achievedPoints(yesNo, null)).toBeNull();
  });

  it('scores a single choice out of its best option', () => {
    const choice = action(2, 'SINGLE_CHOICE', { optionsCount: 3, rules: { '0': rule(2), '1': rule(1), '2': rule(0) } });
    expect(possiblePoints(choice)).toBe(2);
    expect(achievedPoints(choice, '1')).toBe(1);
  });

  it('scores several choices out of the sum of the positive ones', () => {
    const several = action(3, 'MULTIPLE_CHOICE', { optionsCount: 3, rules: { '0': rule(2), '1': rule(3), '2': rule(0) } });
    expect(possiblePoints(several)).toBe(5);
    expect(achievedPoints(several, ['0', '2'])).toBe(2);
    expect(achievedPoints(several, ['0', '1'])).toBe(5);
  });

  it('leaves actions without scores, or weighted 0, out', () => {
    expect(possiblePoints(action(4, 'YES_NO'))).toBeNull();
    expect(possiblePoints(action(5, 'TEXT'))).toBeNull();
    expect(possiblePoints({ ...yesNo, weight: 0 })).toBeNull();
    expect(possiblePoints(action(6, 'RATING'))).toBeNull();
  });

  it('scores ratings, sliders and numbers in range when they are set to', () => {
    const scored = { ...DEFAULT_SETTINGS, scored: true };
    expect(achievedPoints(action(7, 'RATING', { settings: scored }), 4)).toBe(4);
    expect(possiblePoints(action(7, 'RATING', { settings: scored }))).toBe(5);
    const slider = action(8, 'SLIDER', { settings: { ...scored, min: 10, max: 20, step: 5 } });
    expect([possiblePoints(slider), achievedPoints(slider, 15)]).toEqual([10, 5]);
    const number = action(9, 'NUMBER', { settings: { ...scored, min: 2, max: 8 } });
    expect([achievedPoints(number, 5), achievedPoints(number, 9), achievedPoints(number, 1.9)]).toEqual([1, 0, 0]);
  });

  it('marks a number outside its range, with either end open', () => {
    expect(outOfRange({ min: 0, max: null }, -1)).toBe(true);
    expect(outOfRange({ min: 0, max: null }, 1e9)).toBe(false);
    expect(outOfRange({ min: null, max: 4 }, 4)).toBe(false);
    expect(outOfRange({ min: null, max: 4 }, 'x')).toBe(false);
  });
});

describe('evidence an answer asks for', () => {
  const photoWhenNo = action(1, 'YES_NO', { rules: { NO: rule(0, { photoRequired: true, flag: true }) } });
  it('asks for a photo and flags when the answer is No, and nothing when Yes', () => {
    expect(evidenceOf(photoWhenNo, 'NO')).toEqual({ photo: true, note: false, flag: true });
    expect(evidenceOf(photoWhenNo, 'YES')).toEqual({ photo: false, note: false, flag: false });
  });
  it('adds up the rules of every option chosen', () => {
    const several = action(2, 'MULTIPLE_CHOICE', {
      optionsCount: 3,
      rules: { '0': rule(null, { noteRequired: true }), '2': rule(null, { photoRequired: true }) },
    });
    expect(evidenceOf(several, ['0', '2'])).toEqual({ photo: true, note: true, flag: false });
    expect(evidenceOf(several, ['1'])).toEqual({ photo: false, note: false, flag: false });
  });
});

describe('the score of an inspection', () => {
  // A store audit worked by hand. Section 10 "Front": a yes/no worth 1 (weight 2) and a choice of
  // 2/1/0 (weight 1). Section 20 "Back": a yes/no worth 1 that may be N/A (weight 3), a number in
  // 2..8 °C scored (weight 1), and a text that is not scored.
  const actions: ScoringAction[] = [
    action(1, 'YES_NO', { sectionId: 10, weight: 2, rules: { YES: rule(1), NO: rule(0) } }),
    action(2, 'SINGLE_CHOICE', { sectionId: 10, optionsCount: 3, rules: { '0': rule(2), '1': rule(1), '2': rule(0) } }),
    action(3, 'YES_NO', {
      sectionId: 20,
      weight: 3,
      settings: { ...DEFAULT_SETTINGS, allowNa: true },
      rules: { YES: rule(1), NO: rule(0), NA: rule(null, { na: true }) },
    }),
    action(4, 'NUMBER', { sectionId: 20, settings: { ...DEFAULT_SETTINGS, scored: true, min: 2, max: 8, unit: '°C' } }),
    action(5, 'TEXT', { sectionId: 20 }),
  ];

  it('adds weighted points per section and in all, and passes on the mark', () => {
    // Front: YES → 1×2 of 1×2; option 1 → 1 of 2: 3 of 4. Back: NO → 0 of 3; 9 °C → 0 of 1: 0 of 4.
    const score = scoreInspection(actions, [10, 20], { 1: 'YES', 2: '1', 3: 'NO', 4: 9, 5: 'fine' }, all, 40);
    expect(score.sections).toEqual([
      { sectionId: null, achieved: 0, possible: 0, percent: null },
      { sectionId: 10, achieved: 3, possible: 4, percent: 75 },
      { sectionId: 20, achieved: 0, possible: 4, percent: 0 },
    ]);
    expect([score.achieved, score.possible, score.percent]).toEqual([3, 8, 37.5]);
    expect(score.passed).toBe(false);
    expect(score.failed).toEqual([3, 4]);
  });

  it('leaves out not applicable, unanswered and hidden actions', () => {
    const score = scoreInspection(actions, [10, 20], { 1: 'YES', 3: 'NA', 4: 5 }, (id) => id !== 1, 40);
    // Only the number counts: 1 of 1.
    expect([score.achieved, score.possible, score.percent, score.passed]).toEqual([1, 1, 100, true]);
    expect(score.failed).toEqual([]);
  });

  it('neither passes nor fails without a pass mark or without anything scored', () => {
    expect(scoreInspection(actions, [10, 20], { 1: 'YES' }, all, null).passed).toBeNull();
    expect(scoreInspection(actions, [10, 20], { 5: 'only text' }, all, 50)).toMatchObject({ percent: null, passed: null });
  });

  it('passes at exactly the mark', () => {
    expect(scoreInspection(actions, [10, 20], { 1: 'YES', 2: '2' }, all, 50).passed).toBe(true);
    expect(scoreInspection(actions, [10, 20], { 1: 'YES', 2: '1' }, all, 80).passed).toBe(false);
  });
});

// ---------------------------------------------------------------- properties over random tasks

const scoredAction = fc
  .record({
    type: fc.constantFrom<ActionType>('YES_NO', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'RATING', 'SLIDER', 'NUMBER', 'TEXT'),
    weight: fc.integer({ min: 0, max: 5 }),
    optionsCount: fc.integer({ min: 2, max: 4 }),
    scores: fc.array(fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }), { minLength: 4, maxLength: 4 }),
    na: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    scored: fc.boolean(),
    section: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  })
  .map((a) => {
    const keys = a.type === 'YES_NO' ? ['YES', 'NO', 'NA'] : Array.from({ length: a.optionsCount }, (_, i) => String(i));
    const rules = Object.fromEntries(keys.map((key, i) => [key, rule(a.scores[i] ?? null, { na: a.na[i] ?? false })]));
    return {
      type: a.type,
      weight: a.weight,
      optionsCount: a.type === 'SINGLE_CHOICE' || a.type === 'MULTIPLE_CHOICE' ? a.optionsCount : 0,
      sectionId: a.section,
      settings: { ...DEFAULT_SETTINGS, scored: a.scored, allowNa: true, min: 0, max: 10, step: 1 },
      rules,
    };
  });

/** Some answer of the right kind for the action, or none. */
const answerFor = (a: Omit<ScoringAction, 'id'>): fc.Arbitrary<ScoredValue> => {
  switch (a.type) {
    case 'YES_NO':
      return fc.constantFrom('YES', 'NO', 'NA', undefined);
    case 'SINGLE_CHOICE':
      return fc.option(fc.integer({ min: 0, max: a.optionsCount - 1 }).map(String), { nil: undefined });
    case 'MULTIPLE_CHOICE':
      return fc.option(fc.uniqueArray(fc.integer({ min: 0, max: a.optionsCount - 1 }).map(String), { minLength: 1 }), { nil: undefined });
    case 'RATING':
      return fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined });
    case 'SLIDER':
    case 'NUMBER':
      return fc.option(fc.integer({ min: -5, max: 15 }), { nil: undefined });
    default:
      return fc.option(fc.string(), { nil: undefined });
  }
};

const inspection = fc
  .array(scoredAction, { minLength: 1, maxLength: 12 })
  .chain((list) =>
    fc.tuple(
      fc.constant(list.map((a, i) => ({ ...a, id: i + 1 }) as ScoringAction)),
      fc.tuple(...list.map(answerFor)),
      fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    ),
  );

describe('properties of the score', () => {
  it('stays within 0..100, and its parts add up to the whole', () => {
    fc.assert(
      fc.property(inspection, ([actions, values, mark]) => {
        const answers = Object.fromEntries(values.map((v, i) => [i + 1, v]));
        const score = scoreInspection(actions, [1, 2, 3], answers, all, mark);
        expect(score.achieved).toBeGreaterThanOrEqual(0);
        expect(score.achieved).toBeLessThanOrEqual(score.possible);
        if (score.percent !== null) expect(score.percent).toBeGreaterThanOrEqual(0);
        if (score.percent !== null) expect(score.percent).toBeLessThanOrEqual(100);
        expect(score.sections.reduce((s, p) => s + p.achieved, 0)).toBeCloseTo(score.achieved);
        expect(score.sections.reduce((s, p) => s + p.possible, 0)).toBeCloseTo(score.possible);
        expect(score.passed === null).toBe(mark === null || score.percent === null);
      }),
    );
  });

  it('adding a weight-0 action or a not-applicable answer changes nothing', () => {
    fc.assert(
      fc.property(inspection, ([actions, values, mark]) => {
        const answers = Object.fromEntries(values.map((v, i) => [i + 1, v]));
        const before = scoreInspection(actions, [1, 2, 3], answers, all, mark);
        const extra = action(99, 'YES_NO', { weight: 0, rules: { YES: rule(5), NO: rule(0) } });
        const na = action(100, 'YES_NO', {
          weight: 3,
          settings: { ...DEFAULT_SETTINGS, allowNa: true },
          rules: { YES: rule(5), NO: rule(0), NA: rule(null, { na: true }) },
        });
        const after = scoreInspection([...actions, extra, na], [1, 2, 3], { ...answers, 99: 'NO', 100: 'NA' }, all, mark);
        expect([after.achieved, after.possible, after.passed]).toEqual([before.achieved, before.possible, before.passed]);
      }),
    );
  });

  it('a better answer never lowers the score', () => {
    fc.assert(
      fc.property(inspection, fc.nat(), ([actions, values, mark], pick) => {
        const answers: Record<number, ScoredValue> = Object.fromEntries(values.map((v, i) => [i + 1, v]));
        const target = actions[pick % actions.length] as ScoringAction;
        if (target.type !== 'YES_NO' || target.rules.YES?.na || target.rules.NO?.na) return;
        const yes = target.rules.YES?.score ?? 0;
        const no = target.rules.NO?.score ?? 0;
        const [better, worse] = yes >= no ? ['YES', 'NO'] : ['NO', 'YES'];
        const high = scoreInspection(actions, [1, 2, 3], { ...answers, [target.id]: better }, all, mark);
        const low = scoreInspection(actions, [1, 2, 3], { ...answers, [target.id]: worse }, all, mark);
        expect(high.achieved).toBeGreaterThanOrEqual(low.achieved);
      }),
    );
  });
});

describe('sections in the chain rules', () => {
  const when = (baseActionId: number, answer: string, visibility: ActionCriteria['visibility']): ActionCriteria => ({
    condition: { baseActionId, answer },
    visibility,
  });
  const act = (id: number, sectionId: number | null, criteria: ActionCriteria | null = null): RuleAction => ({
    id,
    type: 'YES_NO',
    required: true,
    criteria,
    sectionId,
  });

  it('hides every action of a section its rule hides, and shows them when it holds', () => {
    const actions = [act(1, null), act(2, 7), act(3, 7)];
    const sections = [{ id: 7, criteria: when(1, 'YES', 'DISPLAY') }];
    expect(Object.fromEntries(resolveVisibility(actions, {}, sections))).toEqual({ 1: 'DISPLAY', 2: 'HIDDEN', 3: 'HIDDEN' });
    expect(Object.fromEntries(resolveVisibility(actions, { 1: 'YES' }, sections))).toEqual({ 1: 'DISPLAY', 2: 'DISPLAY', 3: 'DISPLAY' });
  });

  it('dims a section, but an action hidden by its own rule stays hidden', () => {
    const actions = [act(1, null), act(2, 7), act(3, 7, when(2, 'YES', 'DISPLAY'))];
    const sections = [{ id: 7, criteria: when(1, 'NO', 'DIM') }];
    expect(Object.fromEntries(resolveVisibility(actions, { 1: 'NO' }, sections))).toEqual({ 1: 'DISPLAY', 2: 'DIM', 3: 'HIDDEN' });
  });

  it('hides what follows from an action of a hidden section', () => {
    const actions = [act(1, null), act(2, 7), act(3, 8)];
    const sections = [
      { id: 7, criteria: when(1, 'YES', 'DISPLAY') },
      { id: 8, criteria: when(2, 'YES', 'DISPLAY') },
    ];
    // Action 2 has an answer, but its section is hidden: section 8, which follows from it, is hidden.
    expect(resolveVisibility(actions, { 1: 'NO', 2: 'YES' }, sections).get(3)).toBe('HIDDEN');
  });
});

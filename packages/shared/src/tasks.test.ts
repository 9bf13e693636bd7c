// Chain rules at work: what each action looks like given the answers so far.
import { describe, expect, it } from 'vitest';
import { answerMatches, requiredVisibleActionIds, resolveVisibility, ruleAnswersFor, type ActionCriteria, type RuleAction } from './tasks.ts';

const rule = (baseActionId: number, answer: string, visibility: ActionCriteria['visibility']): ActionCriteria => ({
  condition: { baseActionId, answer },
  visibility,
});
const act = (id: number, criteria: ActionCriteria | null = null, required = true): RuleAction => ({
  id,
  type: criteria ? 'TEXT' : 'YES_NO',
  required,
  criteria,
});
const visibilities = (actions: RuleAction[], answers: Record<number, string | string[] | null>) => Object.fromEntries(resolveVisibility(actions, answers));

describe('resolveVisibility', () => {
  it('displays actions without rules', () => {
    expect(visibilities([act(1), act(2)], {})).toEqual({ 1: 'DISPLAY', 2: 'DISPLAY' });
  });

  it('keeps a DISPLAY target hidden until its base gives the answer', () => {
    const actions = [act(1), act(2, rule(1, 'YES', 'DISPLAY'))];
    expect(visibilities(actions, {})[2]).toBe('HIDDEN');
    expect(visibilities(actions, { 1: 'NO' })[2]).toBe('HIDDEN');
    expect(visibilities(actions, { 1: 'YES' })[2]).toBe('DISPLAY');
  });

  it('leaves DIM and HIDDEN targets displayed until the answer comes', () => {
    const actions = [act(1), act(2, rule(1, 'NO', 'DIM')), act(3, rule(1, 'NO', 'HIDDEN'))];
    expect(visibilities(actions, {})).toEqual({ 1: 'DISPLAY', 2: 'DISPLAY', 3: 'DISPLAY' });
    expect(visibilities(actions, { 1: 'YES' })).toEqual({ 1: 'DISPLAY', 2: 'DISPLAY', 3: 'DISPLAY' });
    expect(visibilities(actions, { 1: 'NO' })).toEqual({ 1: 'DISPLAY', 2: 'DIM', 3: 'HIDDEN' });
  });

  it('matches a choice by option index and a multiple choice when the index is among its answers', () => {
    const actions = [act(1), act(2, rule(1, '2', 'DISPLAY'))];
    expect(visibilities(actions, { 1: '2' })[2]).toBe('DISPLAY');
    expect(visibilities(actions, { 1: '1' })[2]).toBe('HIDDEN');
    expect(visibilities(actions, { 1: ['0', '2'] })[2]).toBe('DISPLAY');
    expect(visibilities(actions, { 1: ['0', '1'] })[2]).toBe('HIDDEN');
    expect(visibilities(actions, { 1: [] })[2]).toBe('HIDDEN');
  });

  it('hides a target whose base is hidden, down the whole chain, even if the base was answered', () => {
    const actions = [act(1), act(2, rule(1, 'YES', 'DISPLAY')), act(3, rule(2, 'YES', 'DISPLAY')), act(4, rule(3, 'YES', 'DIM'))];
    // Action 2 was answered, then action 1 changed its mind: 2 is hidden again, so 3 is too.
    expect(visibilities(actions, { 1: 'NO', 2: 'YES', 3: 'YES' })).toEqual({ 1: 'DISPLAY', 2: 'HIDDEN', 3: 'HIDDEN', 4: 'DISPLAY' });
    expect(visibilities(actions, { 1: 'YES', 2: 'YES', 3: 'YES' })).toEqual({ 1: 'DISPLAY', 2: 'DISPLAY', 3: 'DISPLAY', 4: 'DIM' });
  });

  it('treats a rule whose base is not in the list as unmet', () => {
    expect(visibilities([act(2, rule(99, 'YES', 'DISPLAY'))], {})[2]).toBe('HIDDEN');
  });
});

describe('requiredVisibleActionIds', () => {
  it('asks only for required actions that are displayed', () => {
    const actions = [act(1), act(2, rule(1, 'YES', 'DISPLAY')), act(3, rule(1, 'YES', 'DIM')), act(4, null, false), act(5, rule(1, 'NO', 'HIDDEN'))];
    expect(requiredVisibleActionIds(actions, {})).toEqual([1, 3, 5]);
    expect(requiredVisibleActionIds(actions, { 1: 'YES' })).toEqual([1, 2, 5]);
    expect(requiredVisibleActionIds(actions, { 1: 'NO' })).toEqual([1, 3]);
  });
});

describe('answerMatches and ruleAnswersFor', () => {
  it('compares single and multiple answers, never matching no answer', () => {
    expect(answerMatches('YES', 'YES')).toBe(true);
    expect(answerMatches('yes', 'YES')).toBe(false);
    expect(answerMatches(['1', '3'], '3')).toBe(true);
    expect(answerMatches(null, 'YES')).toBe(false);
    expect(answerMatches(undefined, '0')).toBe(false);
  });

  it('offers YES and NO for yes/no, option indexes for choices, and nothing for other types', () => {
    expect(ruleAnswersFor('YES_NO', 0)).toEqual(['YES', 'NO']);
    expect(ruleAnswersFor('SINGLE_CHOICE', 3)).toEqual(['0', '1', '2']);
    expect(ruleAnswersFor('MULTIPLE_CHOICE', 2)).toEqual(['0', '1']);
    expect(ruleAnswersFor('TEXT', 0)).toEqual([]);
    expect(ruleAnswersFor('PHOTO', 4)).toEqual([]);
  });
});

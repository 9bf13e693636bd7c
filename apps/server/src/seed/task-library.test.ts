// The shipped templates must be valid checklists: bilingual, and with chain rules the API would accept.
import { describe, expect, it } from 'vitest';
import { CHAINABLE_ACTION_TYPES, OPTION_ACTION_TYPES } from '@fieldops/shared/enums';
import { ruleAnswersFor, templateContent } from '@fieldops/shared/tasks';
import { TASK_LIBRARY } from './task-library.ts';

const ARABIC = /[\u0600-\u06FF]/;

describe('the template library', () => {
  it('ships the promised checklists under unique keys', () => {
    const keys = TASK_LIBRARY.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of ['daily-cleaning', 'security-patrol', 'store-opening-audit', 'fire-safety-inspection', 'vehicle-check']) {
      expect(keys).toContain(key);
    }
    expect(keys.length).toBeGreaterThanOrEqual(7);
  });

  for (const template of TASK_LIBRARY) {
    describe(template.key, () => {
      it('is fully bilingual, in real Arabic', () => {
        expect(templateContent.parse(template.content)).toEqual(template.content);
        for (const text of [template.nameAr, template.descriptionAr]) expect(text).toMatch(ARABIC);
        for (const text of [template.nameEn, template.descriptionEn]) expect(text).not.toMatch(ARABIC);
        for (const action of template.content.actions) {
          expect(action.nameEn).toBeTruthy();
          expect(action.nameAr).toMatch(ARABIC);
          for (const option of action.options) {
            expect(option.labelEn).not.toMatch(ARABIC);
            expect(option.labelAr).toMatch(ARABIC);
          }
        }
      });

      it('has varied actions, some required, options where they apply and valid chain rules', () => {
        const { actions } = template.content;
        expect(new Set(actions.map((a) => a.type)).size).toBeGreaterThanOrEqual(3);
        expect(actions.some((a) => a.required)).toBe(true);
        for (const action of actions) {
          if (OPTION_ACTION_TYPES.includes(action.type)) expect(action.options.length).toBeGreaterThanOrEqual(2);
          else expect(action.options).toEqual([]);
        }
        const rules = actions.flatMap((a, i) => (a.criteria ? [{ ...a.criteria, index: i }] : []));
        expect(rules.length).toBeGreaterThanOrEqual(1);
        for (const rule of rules) {
          const base = actions[rule.condition.baseIndex];
          expect(rule.condition.baseIndex).toBeLessThan(rule.index);
          expect(CHAINABLE_ACTION_TYPES).toContain(base.type);
          expect(ruleAnswersFor(base.type, base.options.length)).toContain(rule.condition.answer);
        }
      });
    });
  }
});

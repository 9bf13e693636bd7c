// Which SLA rule covers a ticket, against the rule as written: of the rules that match the
// ticket, none names more of it (its category counting above its priority) than the one chosen.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TICKET_PRIORITIES } from './enums.ts';
import { isHigherPriority, SLA_DUE_SOON_MS, slaRuleFor, slaStateOf, type SlaRule } from './sla-policies.ts';

const rule = fc.record({
  id: fc.nat(),
  priority: fc.option(fc.constantFrom(...TICKET_PRIORITIES)),
  categoryId: fc.option(fc.integer({ min: 1, max: 3 })),
  firstResponseMinutes: fc.option(fc.integer({ min: 1, max: 1000 })),
  resolutionMinutes: fc.option(fc.integer({ min: 1, max: 1000 })),
  warnPercent: fc.option(fc.integer({ min: 1, max: 99 })),
  raisePriorityTo: fc.option(fc.constantFrom(...TICKET_PRIORITIES)),
});
const ticket = fc.record({ priority: fc.constantFrom(...TICKET_PRIORITIES), categoryId: fc.option(fc.integer({ min: 1, max: 3 })) });

const matches = (r: SlaRule, t: { priority: string; categoryId: number | null }) =>
  (r.priority === null || r.priority === t.priority) && (r.categoryId === null || r.categoryId === t.categoryId);
const specificity = (r: SlaRule) => (r.categoryId !== null ? 2 : 0) + (r.priority !== null ? 1 : 0);

describe('slaRuleFor', () => {
  it('chooses a matching rule that no other matching rule is more specific than, or none when none matches', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 12 }), ticket, (rules, t) => {
        const chosen = slaRuleFor(rules, t);
        const matching = rules.filter((r) => matches(r, t));
        if (matching.length === 0) {
          expect(chosen).toBeNull();
          return;
        }
        expect(chosen).not.toBeNull();
        expect(matches(chosen!, t)).toBe(true);
        expect(Math.max(...matching.map(specificity))).toBe(specificity(chosen!));
      }),
      { numRuns: 2000 },
    );
  });

  it('prefers the category to the priority', () => {
    const byPriority = { id: 1, priority: 'HIGH' as const, categoryId: null, firstResponseMinutes: 10, resolutionMinutes: null };
    const byCategory = { id: 2, priority: null, categoryId: 7, firstResponseMinutes: 20, resolutionMinutes: null };
    expect(slaRuleFor([byPriority, byCategory], { priority: 'HIGH', categoryId: 7 })).toBe(byCategory);
  });
});

describe('isHigherPriority', () => {
  it('orders the priorities from none to urgent, and a priority is not higher than itself', () => {
    expect(isHigherPriority('URGENT', 'HIGH')).toBe(true);
    expect(isHigherPriority('LOW', 'NO_PRIORITY')).toBe(true);
    expect(isHigherPriority('MEDIUM', 'HIGH')).toBe(false);
    for (const p of TICKET_PRIORITIES) expect(isHigherPriority(p, p)).toBe(false);
  });
});

describe('slaStateOf', () => {
  it('is breached at and after the due time, due soon within the hour before it, on track before that', () => {
    const now = Date.UTC(2026, 10, 30, 9);
    const due = (ms: number) => new Date(now + ms).toISOString();
    expect(slaStateOf(null, now)).toBeNull();
    expect(slaStateOf(due(0), now)).toBe('BREACHED');
    expect(slaStateOf(due(-1), now)).toBe('BREACHED');
    expect(slaStateOf(due(1), now)).toBe('DUE_SOON');
    expect(slaStateOf(due(SLA_DUE_SOON_MS), now)).toBe('DUE_SOON');
    expect(slaStateOf(due(SLA_DUE_SOON_MS + 1), now)).toBe('ON_TRACK');
  });
});

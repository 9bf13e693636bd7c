// The load-aware score against examples worked by hand, and the properties that make it fair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPercent, compareRanked, RANKING_PRIOR_WEIGHT, rankingReason, rankingScore, type Rankable, type RankCounts } from './ranking.ts';

const sum = (rows: readonly RankCounts[]): RankCounts => ({
  done: rows.reduce((n, r) => n + r.done, 0),
  total: rows.reduce((n, r) => n + r.total, 0),
});
const order = (rows: Rankable[], all: RankCounts = sum(rows)) => [...rows].sort(compareRanked(all)).map((r) => r.id);

describe('the ranking score', () => {
  it('weighs every row with ten schedules at the list average', () => {
    expect(RANKING_PRIOR_WEIGHT).toBe(10);
  });

  it('matches examples worked by hand', () => {
    // 80 done of 100 in all: the average is 80 %.
    // A  3/3   (100 %):  (3 + 10·0.8) / (3 + 10)   = 11 / 13   = 84.615… %
    // B 50/60 (83.3 %): (50 + 8) / (60 + 10)       = 58 / 70   = 82.857… %
    // C  0/2    (0 %):  (0 + 8) / (2 + 10)         =  8 / 12   = 66.666… %
    // D 27/35 (77.1 %): (27 + 8) / (35 + 10)       = 35 / 45   = 77.777… %
    const a = { id: 1, done: 3, total: 3 };
    const b = { id: 2, done: 50, total: 60 };
    const c = { id: 3, done: 0, total: 2 };
    const d = { id: 4, done: 27, total: 35 };
    const all = sum([a, b, c, d]);
    expect(all).toEqual({ done: 80, total: 100 });
    expect(asPercent(rankingScore(a, all))).toBe(84.6);
    expect(asPercent(rankingScore(b, all))).toBe(82.9);
    expect(asPercent(rankingScore(c, all))).toBe(66.7);
    expect(asPercent(rankingScore(d, all))).toBe(77.8);
    expect(order([a, b, c, d])).toEqual([1, 2, 4, 3]);
    expect(rankingReason(a, all)).toBe('few');
    expect(rankingReason(b, all)).toBe('many');
  });

  it('puts 240 schedules at 95.8 % above 3 at 100 %, which the raw rate put first', () => {
    // 800 done of 1,000: average 80 %.
    // A   3/3   : (3 + 8) / 13       = 84.615… %
    // B 230/240 : (230 + 8) / 250    = 95.2 %
    // C 567/757 : (567 + 8) / 767    = 74.967… %
    const a = { id: 1, done: 3, total: 3 };
    const b = { id: 2, done: 230, total: 240 };
    const c = { id: 3, done: 567, total: 757 };
    const all = sum([a, b, c]);
    expect(all).toEqual({ done: 800, total: 1000 });
    expect([a, b, c].map((r) => asPercent(rankingScore(r, all)))).toEqual([84.6, 95.2, 75]);
    expect(order([a, b, c])).toEqual([2, 1, 3]);
  });

  it('breaks ties by more schedules, then the lower id, and a rate at the average scores exactly that', () => {
    // 16 done of 20: 80 %. E 8/10: (8 + 8) / 20 = 0.8; F and G 4/5: (4 + 8) / 15 = 0.8.
    const e = { id: 9, done: 8, total: 10 };
    const f = { id: 5, done: 4, total: 5 };
    const g = { id: 7, done: 4, total: 5 };
    const all = sum([e, f, g]);
    for (const row of [e, f, g]) {
      expect(rankingScore(row, all)).toBe(0.8);
      expect(rankingReason(row, all)).toBe('average');
    }
    expect(order([g, f, e])).toEqual([9, 5, 7]);
  });

  it('counts nothing as 0 in an empty list', () => {
    expect(rankingScore({ done: 0, total: 0 }, { done: 0, total: 0 })).toBe(0);
  });
});

/** The rest of a list: what other rows count in all. */
const others = fc.record({ done: fc.nat(5000), extra: fc.nat(5000) }).map(({ done, extra }) => ({ done, total: done + extra }));
const counts = (max: number) => fc.nat(max).chain((total) => fc.record({ done: fc.nat(total), total: fc.constant(total) }));
const plus = (...rows: RankCounts[]) => sum(rows);

describe('the ranking score, for any list', () => {
  it('never drops when a row gains a done schedule (which the list gains too)', () => {
    fc.assert(
      fc.property(counts(2000), others, (row, rest) => {
        const before = rankingScore(row, plus(row, rest));
        const after = { done: row.done + 1, total: row.total + 1 };
        expect(rankingScore(after, plus(after, rest))).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('stays between the row’s rate and the average', () => {
    fc.assert(
      fc.property(counts(2000), others, (row, rest) => {
        fc.pre(row.total > 0);
        const all = plus(row, rest);
        const score = rankingScore(row, all);
        const [low, high] = [row.done / row.total, all.done / all.total].sort((x, y) => x - y);
        expect(score).toBeGreaterThanOrEqual(low - 1e-12);
        expect(score).toBeLessThanOrEqual(high + 1e-12);
      }),
    );
  });

  // Precisely: in one list (one average a over every row, these two included), a row S of 1 to 3
  // schedules, all done, never ranks above a row L of 100 or more schedules whose rate r is within
  // 10 points of S's (r ≥ 90 %) and at least 5 points above the average (r ≥ a + 5 points). The
  // margin over the average is needed: as a nears r, L's score nears r while S's stays
  // a + 3(1 − a)/13 above a, so with no margin no finite weight would do.
  it('never ranks 3 or fewer schedules at 100 % above 100 or more a little lower and above the average', () => {
    const large = fc
      .record({ total: fc.integer({ min: 100, max: 5000 }), missedShare: fc.double({ min: 0, max: 0.1, noNaN: true }) })
      .map(({ total, missedShare }) => ({ done: total - Math.floor(total * missedShare), total }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), large, others, (k, l, rest) => {
        const small = { id: 1, done: k, total: k };
        const big = { id: 2, ...l };
        const all = plus(small, big, rest);
        fc.pre(big.done * all.total >= (all.done / all.total + 0.05) * big.total * all.total);
        expect(order([small, big], all)).toEqual([2, 1]);
      }),
      { numRuns: 2000 },
    );
  });

  it('ranks the same whichever order the rows come in, and the same fractions tie exactly', () => {
    fc.assert(
      fc.property(fc.array(counts(300), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (rows, factor) => {
        const ids = rows.map((r, i) => ({ id: i + 1, ...r }));
        const all = sum(ids);
        // A row with every count multiplied has another score, but the list's average is kept.
        const scaled = { done: all.done * factor, total: all.total * factor };
        for (const row of ids) expect(rankingScore(row, scaled)).toBe(rankingScore(row, all));
        expect(order([...ids].reverse())).toEqual(order(ids));
      }),
    );
  });
});

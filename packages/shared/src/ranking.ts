// The load-aware score the best and worst lists rank by (docs/ARCHITECTURE.md, "Reports"): a
// Bayesian average. An entity's completion rate is pulled towards the average of everything the
// list ranks (the same filters, date range and view) as if it had RANKING_PRIOR_WEIGHT more
// schedules at that average:
//
//   score = (done + m · average) / (total + m),  average = all done / all schedules
//
// so 3 schedules at 100 % count for little and 300 at 96 % for almost exactly 96 %. Ties: the
// higher score first, then more schedules, then the lower id (an equal score over as many
// schedules is an equal rate too). The server computes the score in the list's own SQL statement
// (reports/kpi.repository.ts) with the same arithmetic as `rankingScore`; the web explains a row
// with the numbers in it.

/** m: the schedules at the list's average every entity is counted with besides its own. */
export const RANKING_PRIOR_WEIGHT = 10;

export interface RankCounts {
  done: number;
  total: number;
}

/**
 * The score as a fraction from 0 to 1 of an entity's counts `own` in a list whose entities
 * together count `all`. Written as one division of two whole numbers, as the SQL does, so two
 * entities whose scores are equal fractions get the very same number and tie.
 */
export function rankingScore(own: RankCounts, all: RankCounts, weight: number = RANKING_PRIOR_WEIGHT): number {
  if (all.total === 0) return 0;
  return (own.done * all.total + weight * all.done) / ((own.total + weight) * all.total);
}

export interface Rankable extends RankCounts {
  id: number;
}

/** Best first: the higher score, then more schedules, then the lower id. */
export function compareRanked(all: RankCounts, weight: number = RANKING_PRIOR_WEIGHT) {
  return (a: Rankable, b: Rankable) => rankingScore(b, all, weight) - rankingScore(a, all, weight) || b.total - a.total || a.id - b.id;
}

/** A fraction as a percentage rounded to one decimal, as every rate of the reports is. */
export const asPercent = (fraction: number) => Math.round(fraction * 1000) / 10;

/**
 * Why a row stands where it does, in one of three sentences: its rate is the list's average (the
 * score is that rate); it has no more schedules than the weight, so the average pulled it most of
 * the way (`few`); or its own schedules outweigh the average (`many`).
 */
export const RANKING_REASONS = ['average', 'few', 'many'] as const;
export type RankingReason = (typeof RANKING_REASONS)[number];

export function rankingReason(own: RankCounts, all: RankCounts, weight: number = RANKING_PRIOR_WEIGHT): RankingReason {
  const rate = own.total === 0 ? 0 : asPercent(own.done / own.total);
  const average = all.total === 0 ? 0 : asPercent(all.done / all.total);
  if (rate === average) return 'average';
  return own.total <= weight ? 'few' : 'many';
}

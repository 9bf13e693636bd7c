// The sites map's colours: a site, or a cluster of sites, by its completion rate in the chosen
// days. Each colour carries white text at 4.5:1 or more, and the legend names the bands, so the
// colour is never the only sign.

export type CompletionBand = 'high' | 'middle' | 'low' | 'none';

export const BAND_COLOURS: Record<CompletionBand, string> = {
  high: '#2b8a3e',
  middle: '#a85b00',
  low: '#c92a2a',
  none: '#495057',
};

/** At least 80 % is high, at least 50 % middle, less low; no schedule in the range is none. */
export function bandOf(rate: number | null): CompletionBand {
  if (rate === null) return 'none';
  if (rate >= 80) return 'high';
  if (rate >= 50) return 'middle';
  return 'low';
}

/** A cluster's rate: the average of its sites that had schedules, or null when none had. */
export function clusterRate(sum: number, counted: number): number | null {
  return counted === 0 ? null : Math.round((sum / counted) * 10) / 10;
}

// Which photos go to the review queue as the business's sample. The share is kept per site and
// week: each photo is drawn at random with the share's chance, but a site's week never has more
// sampled photos than the share of its photos rounded up, and once it falls a whole photo short
// of the share, the next photo is taken. So a busy site cannot go a week without a sampled photo,
// a quiet one is not sampled beyond its share, and a member cannot tell which photo will be.

export interface SiteWeek {
  /** Photos of the site checked earlier in the week. */
  checked: number;
  /** Of those, the ones sampled. */
  sampled: number;
}

/** Whether the next photo of a site's week is sampled, at `percent` (0–100), `draw` being a random number from 0 to 100. */
export function isSampled(percent: number, week: SiteWeek, draw: number): boolean {
  const share = (percent / 100) * (week.checked + 1);
  // Rounded to whole photos after a tolerance, so that 5 % of 20 is 1 and not 0.99999.
  const atMost = Math.ceil(share - 1e-9);
  const atLeast = Math.floor(share + 1e-9);
  if (week.sampled >= atMost) return false;
  if (week.sampled < atLeast) return true;
  return draw < percent;
}

// An average score or a pass rate in words: a value followed by %, or a dash where nothing was
// scored (or judged on a pass mark); and whether a list has any score to show at all.
import { formatPercent, NONE } from '../../lib/format.ts';
import type { Language } from '../../lib/i18n/language.ts';

export const scoreText = (value: number | null, language: Language) => (value === null ? NONE : formatPercent(value, language));

/** A business that does not score its inspections is not shown a column of dashes: a list shows scores when any of its items has one. */
export const anyScored = (items: readonly { averageScore?: number | null }[]) => items.some((item) => item.averageScore != null);

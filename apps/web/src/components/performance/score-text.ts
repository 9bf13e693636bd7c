// An average score or a pass rate in words: a value followed by %, or a dash where nothing was
// scored (or judged on a pass mark).
import { formatPercent, NONE } from '../../lib/format.ts';
import type { Language } from '../../lib/i18n/language.ts';

export const scoreText = (value: number | null, language: Language) => (value === null ? NONE : formatPercent(value, language));

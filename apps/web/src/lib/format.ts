// Number and percentage formatting; Latin digits in both languages keep figures consistent
// with the values people type.
import type { Language } from './i18n/language.ts';
import { numberFormat } from './intl.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

export function formatNumber(value: number, language: Language): string {
  return numberFormat(locale(language)).format(value);
}

/** A value followed by % (spec §9). */
export function formatPercent(value: number, language: Language): string {
  return `${numberFormat(locale(language), { maximumFractionDigits: 1 }).format(value)}%`;
}

/** Shown in place of a value that is not there (an unranked item, a site without a type). */
export const NONE = '—';

/** "15 minutes", "دقيقتان": a whole number of minutes with the language's own plural forms. */
export function formatMinutes(minutes: number, language: Language): string {
  return numberFormat(locale(language), { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}

/**
 * The text as one unbreakable piece: its spaces become no-break spaces and its dashes are joined
 * to their neighbours, so "8:00 AM–5:00 PM" never wraps in the middle of the range.
 */
export const keepTogether = (text: string) => text.replace(/ /g, '\u00A0').replace(/\s*–\s*/g, '\u2060–\u2060');

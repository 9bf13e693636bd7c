// An answer's value in words for its action type, in English or Arabic: yes/no, option labels,
// stars, a date, a time, a number with its unit, the text, a done check. Photo, voice and
// signature answers have no words. The web's answer views and the server's report share it; the
// words themselves come from the caller's texts. Latin digits in both languages, as typed.
import type { ActionType } from './enums.ts';
import { RATING_STARS } from './inspection-score.ts';

export type WordsLanguage = 'en' | 'ar';

export interface AnswerWords {
  yes: string;
  no: string;
  notApplicable: string;
  checked: string;
  notChecked: string;
  /** "4 of 5 stars" for the value and the most. */
  rating: (value: string, max: string) => string;
}

export interface AnswerLike {
  action: { type: ActionType; options: readonly { labelEn: string; labelAr: string }[]; settings?: { unit: string | null } | null };
  value: string | string[] | number | boolean | null;
}

export const localeOf = (language: WordsLanguage) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

const numbers = new Map<string, Intl.NumberFormat>();
export function formatNumberIn(value: number, language: WordsLanguage): string {
  let format = numbers.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language));
    numbers.set(language, format);
  }
  return format.format(value);
}

/** "2025-03-14" as a date in the language; calendar dates carry no time zone. */
export function formatCalendarDate(value: string, language: WordsLanguage): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** "14:30" as a time of day in the language. */
export function formatClockTime(value: string, language: WordsLanguage): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

const withUnit = (text: string, unit: string | null | undefined) => (unit ? `${text} ${unit}` : text);

function optionText(answer: AnswerLike, index: string, language: WordsLanguage): string {
  const option = answer.action.options[Number(index)];
  if (!option) return index;
  const en = option.labelEn.trim();
  const ar = option.labelAr.trim();
  return language === 'ar' ? ar || en : en || ar;
}

/** The value in words, or null when the answer has none to show (photo, voice, signature, no value). */
export function answerValueWords(answer: AnswerLike, language: WordsLanguage, words: AnswerWords): string | null {
  const { value } = answer;
  if (value === null || value === '') return null;
  switch (answer.action.type) {
    case 'YES_NO':
      if (value === 'YES') return words.yes;
      if (value === 'NO') return words.no;
      if (value === 'NA') return words.notApplicable;
      return String(value);
    case 'SINGLE_CHOICE':
      return optionText(answer, String(value), language);
    case 'MULTIPLE_CHOICE': {
      const indexes = Array.isArray(value) ? value : [String(value)];
      const labels = indexes.map((index) => optionText(answer, index, language));
      return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(labels);
    }
    case 'RATING':
      return typeof value === 'number' ? words.rating(formatNumberIn(value, language), formatNumberIn(RATING_STARS, language)) : String(value);
    case 'DATE':
      return typeof value === 'string' ? formatCalendarDate(value, language) : String(value);
    case 'NUMBER':
    case 'SLIDER':
      return typeof value === 'number' ? withUnit(formatNumberIn(value, language), answer.action.settings?.unit) : String(value);
    case 'TIME':
      return typeof value === 'string' ? formatClockTime(value, language) : String(value);
    case 'CHECK':
      return value === true ? words.checked : words.notChecked;
    case 'TEXT':
      return String(value);
    case 'PHOTO':
    case 'VOICE':
    case 'SIGNATURE':
    case 'INSTRUCTION':
      return null;
  }
}

// An answer's value in words for its action type: yes/no, option labels in the current language,
// stars, a date, a number, the text, a done check. Photo and voice answers have no words.
import type { TFunction } from 'i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import type { Language } from '../../lib/i18n/language.ts';
import { formatNumber } from '../../lib/format.ts';

export const RATING_MAX = 5;

type AnswerLike = Pick<ActionResult, 'action' | 'value'>;

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** "2025-03-14" as a date in the current language; calendar dates carry no time zone. */
export function formatCalendarDate(value: string, language: Language): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** "14:30" as a time of day in the current language. */
export function formatClockTime(value: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return new Intl.DateTimeFormat(locale(language), { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

const withUnit = (text: string, unit: string | null | undefined) => (unit ? `${text} ${unit}` : text);

function optionText(answer: AnswerLike, index: string, language: Language): string {
  const option = answer.action.options[Number(index)];
  if (!option) return index;
  const en = option.labelEn.trim();
  const ar = option.labelAr.trim();
  return language === 'ar' ? ar || en : en || ar;
}

/** The value in words, or null when the answer has none to show (photo, voice, no value). */
export function answerValueText(answer: AnswerLike, language: Language, t: TFunction): string | null {
  const { value } = answer;
  if (value === null || value === '') return null;
  switch (answer.action.type) {
    case 'YES_NO':
      if (value === 'YES') return t('answerView.yes');
      if (value === 'NO') return t('answerView.no');
      if (value === 'NA') return t('answerView.notApplicable');
      return String(value);
    case 'SINGLE_CHOICE':
      return optionText(answer, String(value), language);
    case 'MULTIPLE_CHOICE': {
      const indexes = Array.isArray(value) ? value : [String(value)];
      const labels = indexes.map((index) => optionText(answer, index, language));
      return new Intl.ListFormat(locale(language), { type: 'conjunction' }).format(labels);
    }
    case 'RATING':
      return typeof value === 'number'
        ? t('answerView.rating', { value: formatNumber(value, language), max: formatNumber(RATING_MAX, language) })
        : String(value);
    case 'DATE':
      return typeof value === 'string' ? formatCalendarDate(value, language) : String(value);
    case 'NUMBER':
    case 'SLIDER':
      return typeof value === 'number' ? withUnit(formatNumber(value, language), answer.action.settings?.unit) : String(value);
    case 'TIME':
      return typeof value === 'string' ? formatClockTime(value, language) : String(value);
    case 'CHECK':
      return value === true ? t('answerView.checked') : t('answerView.notChecked');
    case 'TEXT':
      return String(value);
    case 'PHOTO':
    case 'VOICE':
    case 'SIGNATURE':
    case 'INSTRUCTION':
      return null;
  }
}

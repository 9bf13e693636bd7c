// An answer's value in words for its action type in the current language (shared with the
// server's reports: @fieldops/shared/answer-words), with the words from this view's texts.
import type { TFunction } from 'i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { answerValueWords, formatCalendarDate, formatClockTime } from '@fieldops/shared/answer-words';
import { RATING_STARS } from '@fieldops/shared/inspection-score';
import type { Language } from '../../lib/i18n/language.ts';

export { formatCalendarDate, formatClockTime };

export const RATING_MAX = RATING_STARS;

type AnswerLike = Pick<ActionResult, 'action' | 'value'>;

/** The value in words, or null when the answer has none to show (photo, voice, no value). */
export function answerValueText(answer: AnswerLike, language: Language, t: TFunction): string | null {
  return answerValueWords(answer, language, {
    yes: t('answerView.yes'),
    no: t('answerView.no'),
    notApplicable: t('answerView.notApplicable'),
    checked: t('answerView.checked'),
    notChecked: t('answerView.notChecked'),
    rating: (value, max) => t('answerView.rating', { value, max }),
  });
}

// A plan's recurrence in words, in English or Arabic: "Every 2 weeks on Sunday and Tuesday",
// "The last Friday of every month", "كل يوم جمعة الأخير من الشهر". The sentences live in the
// tasks locales (rrule's own toText speaks English only); lists and dates come from Intl.
import type { Recurrence } from '@fieldops/shared/recurrence';
import type { Language } from '../../../../lib/i18n/language.ts';
import { monthName, planDate } from './plan-text.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Up to this many skipped dates are named; more are counted. */
const NAMED_EXCEPTIONS = 3;

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');
const list = (items: string[], language: Language) => new Intl.ListFormat(locale(language), { type: 'conjunction', style: 'long' }).format(items);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
/** The 1st to 4th weeks in order, the last one last. */
const weekOrder = (week: number) => (week === -1 ? 5 : week);

/** Whether the plan's fields name a whole rule (the weekdays, weeks or months its type needs). */
export function isCompleteRecurrence(plan: Pick<Recurrence, 'scheduleType' | 'days' | 'months' | 'monthWeeks'>): boolean {
  switch (plan.scheduleType) {
    case 'WEEKLY':
      return plan.days.length > 0;
    case 'MONTHLY':
      return plan.days.length > 0 && plan.monthWeeks.length > 0;
    case 'CUSTOM':
      return plan.days.length > 0 && plan.months.length > 0;
    default:
      return true;
  }
}

/** The rule in words, without its exceptions. */
function ruleWords(plan: Recurrence, t: Translate, language: Language): string {
  const dayNames = (key: 'day' | 'monthDay') =>
    list(
      sorted(plan.days).map((day) => t(`tasks.plans.recurrence.${key}.${day}`)),
      language,
    );
  switch (plan.scheduleType) {
    case 'ONCE':
      return t('tasks.plans.recurrence.once', { date: planDate(plan.startDate, language) });
    case 'DAILY':
      return t('tasks.plans.recurrence.daily', { count: plan.repeatEvery });
    case 'WEEKLY':
      return t('tasks.plans.recurrence.weekly', { count: plan.repeatEvery, days: dayNames('day') });
    case 'MONTHLY': {
      const weeks = [...plan.monthWeeks].sort((a, b) => weekOrder(a) - weekOrder(b));
      return t('tasks.plans.recurrence.monthly', {
        weeks: list(
          weeks.map((week) => t(`tasks.plans.recurrence.week.${week === -1 ? 'last' : week}`)),
          language,
        ),
        days: dayNames('monthDay'),
      });
    }
    case 'CUSTOM':
      return t('tasks.plans.recurrence.custom', {
        days: dayNames('monthDay'),
        months: list(
          sorted(plan.months).map((month) => monthName(month, language, 'long')),
          language,
        ),
      });
  }
}

/** The plan's recurrence in one sentence of the current language, exceptions and holidays included. */
export function recurrenceWords(plan: Recurrence & { skipHolidays?: boolean }, t: Translate, language: Language): string {
  const words = ruleWords(plan, t, language);
  const rule = plan.skipHolidays && plan.scheduleType !== 'ONCE' ? t('tasks.plans.recurrence.holidaysOff', { rule: words }) : words;
  const skipped = [...plan.exceptionDates].sort();
  if (plan.scheduleType === 'ONCE' || skipped.length === 0) return rule;
  if (skipped.length > NAMED_EXCEPTIONS) return t('tasks.plans.recurrence.exceptCount', { rule, count: skipped.length });
  return t('tasks.plans.recurrence.except', {
    rule,
    dates: list(
      skipped.map((date) => planDate(date, language)),
      language,
    ),
  });
}

// A plan's recurrence as an iCalendar rule (RFC 5545 RRULE with EXDATEs), through the rrule
// library. The schedule engine materialises the same rules in SQL; this is the reference it is
// tested against, and what the plan form's "next dates" preview reads. Times are floating: a
// plan's date and time are wall-clock values in the business's time zone, written here as UTC
// so that no zone of the machine running this shifts them (the engine applies the zone).
import * as rruleModule from 'rrule';
import type { ExecutionPlan } from './plans.ts';

type RruleLib = typeof rruleModule;
// Bundlers read rrule's ES module; Node's own import gets its UMD bundle, whose exports sit on `default`.
const withDefault = rruleModule as unknown as { default?: RruleLib };
const lib: RruleLib = withDefault.default?.RRule ? withDefault.default : rruleModule;
const { RRule, RRuleSet } = lib;

/** The fields of a plan that decide on which dates it has an occurrence. */
export type Recurrence = Pick<
  ExecutionPlan,
  'scheduleType' | 'startDate' | 'endDate' | 'startTime' | 'days' | 'months' | 'repeatEvery' | 'monthWeeks' | 'exceptionDates'
>;

const floating = (date: string, time: string) => new Date(`${date}T${time === '24:00' ? '23:59' : time}:00Z`);
/** Our weekdays count from Sunday (0); rrule's from Monday (0). */
const weekdayOf = (day: number) => (day + 6) % 7;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** The plan's rule and its exceptions, as one rrule set. */
export function recurrenceRuleSet(plan: Recurrence): rruleModule.RRuleSet {
  const dtstart = floating(plan.startDate, plan.startTime);
  const until = plan.endDate ? new Date(`${plan.endDate}T23:59:59Z`) : null;
  const days = [...plan.days].sort((a, b) => a - b).map(weekdayOf);
  const base = { dtstart, until, wkst: RRule.SU };
  let rule: rruleModule.RRule;
  switch (plan.scheduleType) {
    case 'ONCE':
      rule = new RRule({ freq: RRule.DAILY, dtstart, count: 1 });
      break;
    case 'DAILY':
      rule = new RRule({ ...base, freq: RRule.DAILY, interval: plan.repeatEvery });
      break;
    case 'WEEKLY':
      rule = new RRule({ ...base, freq: RRule.WEEKLY, interval: plan.repeatEvery, byweekday: days });
      break;
    case 'MONTHLY':
      rule = new RRule({
        ...base,
        freq: RRule.MONTHLY,
        byweekday: plan.monthWeeks.flatMap((week) => days.map((day) => new lib.Weekday(day, week))),
      });
      break;
    case 'CUSTOM':
      rule = new RRule({ ...base, freq: RRule.DAILY, byweekday: days, bymonth: [...plan.months].sort((a, b) => a - b) });
      break;
  }
  const set = new RRuleSet();
  set.rrule(rule);
  for (const date of plan.exceptionDates) set.exdate(floating(date, plan.startTime));
  return set;
}

/** The iCalendar text of the plan's recurrence: DTSTART, RRULE and EXDATE lines. */
export const recurrenceText = (plan: Recurrence): string => recurrenceRuleSet(plan).toString();

/**
 * The plan's occurrence dates ("YYYY-MM-DD", local to the business) from `from` to `to`
 * (both included, `to` defaulting to the plan's end), at most `limit` of them.
 */
export function occurrenceDates(plan: Recurrence, options: { from?: string; to?: string; limit?: number } = {}): string[] {
  const set = recurrenceRuleSet(plan);
  const from = floating(options.from ?? plan.startDate, '00:00');
  const to = new Date(`${options.to ?? plan.endDate ?? plan.startDate}T23:59:59Z`);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  return set.between(from, to, true, (_, i) => i < limit).map(dateOf);
}

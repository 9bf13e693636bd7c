// The richer recurrence of the plan form: repeat every N days or weeks (Daily, Weekly), the weeks
// of the month (Monthly: "the last Friday"), the dates to skip, and a live summary of the rule in
// words with its next dates (rrule's expansion of the same rule the server materialises). A plan
// that skips holidays leaves out the days the business keeps (its calendar, as the schedule
// engine reads it), and the summary names the dates it left out.
import { Checkbox, Chip, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarOff } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import type { ScheduleType } from '@fieldops/shared/enums';
import { MAX_EXCEPTION_DATES, MAX_REPEAT_EVERY } from '@fieldops/shared/limits';
import { MONTH_WEEKS } from '@fieldops/shared/plans';
import { occurrenceDates, type Recurrence } from '@fieldops/shared/recurrence';
import { useHolidaysBetween } from '../../../../lib/business-calendar/holidays-between.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { planDate } from './plan-text.ts';
import { isCompleteRecurrence, recurrenceWords } from './recurrence-words.ts';

/** The form's recurrence values, as the inputs hold them. */
export interface RecurrenceValues {
  scheduleType: ScheduleType;
  startDate: string | null;
  endDate: string | null;
  startTime: string;
  days: string[];
  months: string[];
  repeatEvery: number | string;
  monthWeeks: string[];
  exceptionDates: string[];
  /** No occurrence on the business's holidays (not for a plan that runs once). */
  skipHolidays: boolean;
}

export const repeats = (type: ScheduleType) => type === 'DAILY' || type === 'WEEKLY';
const NEXT_DATES = 3;
/** A plan that skips holidays reads this many dates more, so that a run of holidays still leaves three. */
const HOLIDAY_SPARE_DATES = 20;

/**
 * The first `count` of the dates that are not holidays the business keeps, and the holidays left
 * out before the last of them (all of those met, when fewer than `count` remain).
 */
export function leaveOutHolidays(dates: string[], holidays: readonly Holiday[], count: number): { dates: string[]; leftOut: Holiday[] } {
  const kept = new Map(holidays.filter((holiday) => holiday.observed).map((holiday) => [holiday.date, holiday]));
  const shown: string[] = [];
  const leftOut: Holiday[] = [];
  for (const date of dates) {
    if (shown.length === count) break;
    const holiday = kept.get(date);
    if (holiday) leftOut.push(holiday);
    else shown.push(date);
  }
  return { dates: shown, leftOut };
}

/** What the form sends of the recurrence: each field only for the types that use it. */
export function recurrenceInput(values: RecurrenceValues) {
  const type = values.scheduleType;
  return {
    repeatEvery: repeats(type) ? (values.repeatEvery === '' ? Number.NaN : Number(values.repeatEvery)) : 1,
    monthWeeks: type === 'MONTHLY' ? values.monthWeeks.map(Number).sort((a, b) => a - b) : [],
    exceptionDates: type === 'ONCE' ? [] : [...values.exceptionDates].sort(),
    skipHolidays: type !== 'ONCE' && values.skipHolidays,
  };
}

/** The rule the values describe, when it is whole enough to put in words. */
function recurrenceOf(values: RecurrenceValues): Recurrence | null {
  const input = recurrenceInput(values);
  const rule = {
    scheduleType: values.scheduleType,
    startDate: values.startDate ?? '',
    endDate: values.scheduleType === 'ONCE' ? null : values.endDate,
    startTime: values.startTime,
    days: values.days.map(Number),
    months: values.months.map(Number),
    ...input,
  };
  const repeatOk = Number.isInteger(rule.repeatEvery) && rule.repeatEvery >= 1 && rule.repeatEvery <= MAX_REPEAT_EVERY;
  return values.startDate && repeatOk && isCompleteRecurrence(rule) ? rule : null;
}

interface PlanRecurrenceFieldsProps {
  values: RecurrenceValues;
  /** Today in the business's time zone: the next dates start there. */
  today: string;
  onChange: <K extends 'repeatEvery' | 'monthWeeks' | 'exceptionDates' | 'skipHolidays'>(field: K, value: RecurrenceValues[K]) => void;
  errorOf: (field: 'repeatEvery' | 'monthWeeks' | 'exceptionDates') => string | undefined;
}

/** Repeat every, weeks of the month and dates to skip: the fields the type needs. */
export function PlanRecurrenceFields({ values, onChange, errorOf }: Omit<PlanRecurrenceFieldsProps, 'today'>) {
  const { t } = useTranslation();
  const type = values.scheduleType;
  const weeksLabel = useId();
  return (
    <>
      {repeats(type) ? (
        <NumberInput
          label={t(type === 'DAILY' ? 'tasks.plans.recurrence.repeatEveryDays' : 'tasks.plans.recurrence.repeatEveryWeeks')}
          description={t('tasks.plans.recurrence.repeatEveryHint')}
          required
          min={1}
          max={MAX_REPEAT_EVERY}
          allowDecimal={false}
          allowNegative={false}
          value={values.repeatEvery}
          onChange={(value) => onChange('repeatEvery', value)}
          error={errorOf('repeatEvery')}
          maw={240}
        />
      ) : null}

      {type === 'MONTHLY' ? (
        <Input.Wrapper label={t('tasks.plans.recurrence.monthWeeks')} labelProps={{ id: weeksLabel }} required error={errorOf('monthWeeks')}>
          <Chip.Group multiple value={values.monthWeeks} onChange={(value) => onChange('monthWeeks', value)}>
            <Group gap="xs" mt={6} role="group" aria-labelledby={weeksLabel}>
              {MONTH_WEEKS.map((week) => (
                <Chip key={week} value={String(week)} size="sm">
                  {t(`tasks.plans.recurrence.weekChip.${week === -1 ? 'last' : week}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      ) : null}

      {type === 'ONCE' ? null : (
        <DatePickerInput
          type="multiple"
          label={t('tasks.plans.recurrence.exceptions')}
          description={t('tasks.plans.recurrence.exceptionsHint')}
          placeholder={t('tasks.plans.recurrence.exceptionsPlaceholder')}
          leftSection={<IconCalendarOff size={16} />}
          clearable
          valueFormat="D MMM YYYY"
          value={values.exceptionDates}
          minDate={values.startDate ?? undefined}
          maxDate={values.endDate ?? undefined}
          maxLevel="year"
          onChange={(value) => onChange('exceptionDates', value.slice(0, MAX_EXCEPTION_DATES))}
          error={errorOf('exceptionDates')}
          popoverProps={{ withinPortal: true }}
        />
      )}
      {type === 'ONCE' ? null : (
        <Checkbox
          label={t('tasks.plans.recurrence.skipHolidays')}
          description={t('tasks.plans.recurrence.skipHolidaysHint')}
          checked={values.skipHolidays}
          onChange={(event) => onChange('skipHolidays', event.currentTarget.checked)}
        />
      )}
    </>
  );
}

/** The rule in words and its next dates, announced politely as they change. */
export function PlanRecurrenceSummary({ values, today }: Pick<PlanRecurrenceFieldsProps, 'values' | 'today'>) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const rule = useMemo(() => recurrenceOf(values), [values]);
  const skips = recurrenceInput(values).skipHolidays;
  const upcoming = useMemo(() => {
    if (!rule || rule.scheduleType === 'ONCE' || !rule.endDate || rule.endDate < rule.startDate) return null;
    const from = rule.startDate > today ? rule.startDate : today;
    return { from, dates: occurrenceDates(rule, { from, limit: NEXT_DATES + (skips ? HOLIDAY_SPARE_DATES : 0) }) };
  }, [rule, today, skips]);
  // The holidays of the whole years the dates fall in: one list a year, read again only when the
  // dates reach another year.
  const last = upcoming?.dates.at(-1);
  const skipping = skips && upcoming !== null && last !== undefined;
  const holidays = useHolidaysBetween(`${(upcoming?.from ?? today).slice(0, 4)}-01-01`, `${(last ?? today).slice(0, 4)}-12-31`, skipping);
  const next = useMemo(
    () => (upcoming ? leaveOutHolidays(upcoming.dates, skipping ? (holidays.data ?? []) : [], NEXT_DATES) : null),
    [upcoming, skipping, holidays.data],
  );
  const list = (dates: string[]) => dates.join(language === 'ar' ? '، ' : ', ');
  const holidayName = (holiday: Holiday) => (language === 'ar' ? holiday.nameAr || holiday.nameEn : holiday.nameEn || holiday.nameAr);
  return (
    <Stack gap={2} role="status" aria-live="polite" aria-atomic="true" data-testid="plan-recurrence-summary">
      <Text size="xs" c="dimmed">
        {t('tasks.plans.recurrence.summary')}
      </Text>
      <Text size="sm" fw={500}>
        {rule ? recurrenceWords(rule, t, language) : t('tasks.plans.recurrence.summaryIncomplete')}
      </Text>
      {next ? (
        <Text size="xs" c="dimmed">
          {next.dates.length > 0
            ? t('tasks.plans.recurrence.nextDates', { dates: list(next.dates.map((date) => planDate(date, language))) })
            : t('tasks.plans.recurrence.noNextDates')}
        </Text>
      ) : null}
      {next && next.leftOut.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="plan-holidays-left-out">
          {t('tasks.plans.recurrence.holidaysLeftOut', {
            dates: list(next.leftOut.map((holiday) => `${planDate(holiday.date, language)} (${holidayName(holiday)})`)),
          })}
        </Text>
      ) : null}
      {skipping && holidays.isError ? (
        <Text size="xs" c="dimmed">
          {t('tasks.plans.recurrence.holidaysUnknown')}
        </Text>
      ) : null}
    </Stack>
  );
}

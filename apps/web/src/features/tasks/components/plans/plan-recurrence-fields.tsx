// The richer recurrence of the plan form: repeat every N days or weeks (Daily, Weekly), the weeks
// of the month (Monthly: "the last Friday"), the dates to skip, and a live summary of the rule in
// words with its next dates (rrule's expansion of the same rule the server materialises).
import { Checkbox, Chip, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarOff } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleType } from '@fieldops/shared/enums';
import { MAX_EXCEPTION_DATES, MAX_REPEAT_EVERY } from '@fieldops/shared/limits';
import { MONTH_WEEKS } from '@fieldops/shared/plans';
import { occurrenceDates, type Recurrence } from '@fieldops/shared/recurrence';
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
  const next = useMemo(() => {
    if (!rule || rule.scheduleType === 'ONCE' || !rule.endDate || rule.endDate < rule.startDate) return null;
    const from = rule.startDate > today ? rule.startDate : today;
    return occurrenceDates(rule, { from, limit: NEXT_DATES });
  }, [rule, today]);
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
          {next.length > 0
            ? t('tasks.plans.recurrence.nextDates', { dates: next.map((date) => planDate(date, language)).join(language === 'ar' ? '، ' : ', ') })
            : t('tasks.plans.recurrence.noNextDates')}
        </Text>
      ) : null}
    </Stack>
  );
}

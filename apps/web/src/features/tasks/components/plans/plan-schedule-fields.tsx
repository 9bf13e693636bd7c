// The schedule part of the plan form: type (Once, Daily, Weekly, Custom), start and end dates
// (no end for Once), start and end times in quarter hours from 6:00 AM to 12:00 AM, deadline
// after with its unit, duration in minutes, and the weekday and month chips the type needs.
import { Chip, Group, Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DEADLINE_UNITS, SCHEDULE_TYPES, type DeadlineUnit, type ScheduleType } from '@fieldops/shared/enums';
import { MAX_GRACE_MINUTES } from '@fieldops/shared/limits';
import { MONTHS, WEEKDAYS } from '@fieldops/shared/plans';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { monthName, weekdayName } from './plan-text.ts';
import { PlanRecurrenceFields, PlanRecurrenceSummary } from './plan-recurrence-fields.tsx';
import { timeOptions } from './plan-times.ts';

export interface PlanScheduleValues {
  scheduleType: ScheduleType;
  startDate: string | null;
  endDate: string | null;
  startTime: string;
  endTime: string;
  deadlineAfter: number | string;
  deadlineUnit: DeadlineUnit;
  graceMinutes: number | string;
  duration: number | string;
  days: string[];
  months: string[];
  /** Every N days or weeks (Daily, Weekly). */
  repeatEvery: number | string;
  /** Monthly: weeks of the month, "1" to "4" or "-1" (the last). */
  monthWeeks: string[];
  /** Dates ("YYYY-MM-DD") with no occurrence. */
  exceptionDates: string[];
  /** No occurrence on the business's holidays. */
  skipHolidays: boolean;
}

// Long option lists are rendered only while open (Mantine keeps them mounted by default).
const LIGHT_DROPDOWN = { withinPortal: true, keepMounted: false } as const;

export const needsDays = (type: ScheduleType) => type === 'WEEKLY' || type === 'MONTHLY' || type === 'CUSTOM';
export const needsMonths = (type: ScheduleType) => type === 'CUSTOM';

interface PlanScheduleFieldsProps {
  values: PlanScheduleValues;
  onChange: <K extends keyof PlanScheduleValues>(field: K, value: PlanScheduleValues[K]) => void;
  /** Translated error of each field. */
  errorOf: (field: keyof PlanScheduleValues) => string | undefined;
  /** Today in the business's time zone: the summary's next dates start there. */
  today?: string;
}

export function PlanScheduleFields({ values, onChange, errorOf, today }: PlanScheduleFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const type = values.scheduleType;
  // Five schedule types do not fit a phone's width side by side: there they stand one above another.
  const wide = useMediaQuery('(min-width: 36em)', undefined, { getInitialValueInEffect: false });
  const dateProps = {
    leftSection: <IconCalendar size={16} />,
    popoverProps: { withinPortal: true },
    placeholder: t('tasks.plans.form.pickDate'),
    required: true,
  } as const;

  return (
    <Stack gap="md">
      <Input.Wrapper label={t('tasks.plans.form.scheduleType')} required>
        <SegmentedControl
          fullWidth
          orientation={wide ? 'horizontal' : 'vertical'}
          mt={4}
          value={type}
          onChange={(value) => onChange('scheduleType', value as ScheduleType)}
          data={SCHEDULE_TYPES.map((value) => ({ value, label: t(`tasks.plans.type.${value}`) }))}
        />
      </Input.Wrapper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DatePickerInput
          {...dateProps}
          label={t(type === 'ONCE' ? 'tasks.plans.form.date' : 'tasks.plans.form.startDate')}
          value={values.startDate}
          onChange={(value) => onChange('startDate', value)}
          error={errorOf('startDate')}
        />
        {type === 'ONCE' ? null : (
          <DatePickerInput
            {...dateProps}
            label={t('tasks.plans.form.endDate')}
            value={values.endDate}
            minDate={values.startDate ?? undefined}
            onChange={(value) => onChange('endDate', value)}
            error={errorOf('endDate')}
          />
        )}
        <Select
          label={t('tasks.plans.form.startTime')}
          required
          data={timeOptions(language, 'start')}
          value={values.startTime}
          onChange={(value) => value && onChange('startTime', value)}
          allowDeselect={false}
          error={errorOf('startTime')}
          comboboxProps={LIGHT_DROPDOWN}
        />
        <Select
          label={t('tasks.plans.form.endTime')}
          required
          data={timeOptions(language, 'end')}
          value={values.endTime}
          onChange={(value) => value && onChange('endTime', value)}
          allowDeselect={false}
          error={errorOf('endTime')}
          comboboxProps={LIGHT_DROPDOWN}
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberInput
            label={t('tasks.plans.form.deadlineAfter')}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={values.deadlineAfter}
            onChange={(value) => onChange('deadlineAfter', value)}
            error={errorOf('deadlineAfter')}
            style={{ flex: 1 }}
          />
          <Select
            label={t('tasks.plans.form.deadlineUnit')}
            data={DEADLINE_UNITS.map((value) => ({ value, label: t(`tasks.plans.unit.${value}`) }))}
            value={values.deadlineUnit}
            onChange={(value) => value && onChange('deadlineUnit', value as DeadlineUnit)}
            allowDeselect={false}
            comboboxProps={LIGHT_DROPDOWN}
            style={{ flex: 1 }}
          />
        </Group>
        <NumberInput
          label={t('tasks.plans.form.graceMinutes')}
          description={t('tasks.plans.form.graceHint')}
          min={0}
          max={MAX_GRACE_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          value={values.graceMinutes}
          onChange={(value) => onChange('graceMinutes', value)}
          error={errorOf('graceMinutes')}
        />
        <NumberInput
          label={t('tasks.plans.form.duration')}
          description={t('tasks.plans.form.durationHint')}
          min={0}
          max={24 * 60}
          allowDecimal={false}
          allowNegative={false}
          value={values.duration}
          onChange={(value) => onChange('duration', value)}
          error={errorOf('duration')}
        />
      </SimpleGrid>

      {needsDays(type) ? (
        <Input.Wrapper label={t('tasks.plans.form.days')} required error={errorOf('days')}>
          <Chip.Group multiple value={values.days} onChange={(value) => onChange('days', value)}>
            <Group gap="xs" mt={6}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {weekdayName(day, language)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      ) : null}

      {needsMonths(type) ? (
        <Input.Wrapper label={t('tasks.plans.form.months')} required error={errorOf('months')}>
          <Chip.Group multiple value={values.months} onChange={(value) => onChange('months', value)}>
            <Group gap="xs" mt={6}>
              {MONTHS.map((month) => (
                <Chip key={month} value={String(month)} size="sm">
                  {monthName(month, language)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      ) : null}

      <PlanRecurrenceFields values={values} onChange={(field, value) => onChange(field, value as PlanScheduleValues[typeof field])} errorOf={errorOf} />
      <PlanRecurrenceSummary values={values} today={today ?? values.startDate ?? ''} />
    </Stack>
  );
}

// The execution plan form: a new group plan for members of a site, or the schedule of an
// existing plan (its site and members stay). Validated with the shared schemas
// (groupPlanRequest, planUpdateRequest); a refusal shows the server's own message.
import { useMemo, useState, type FormEvent } from 'react';
import { Anchor, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import { groupPlanRequest, planUpdateRequest, type ExecutionPlan } from '@fieldops/shared/plans';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { useSiteOptions } from '../../../../components/site-membership/use-site-options.ts';
import { formatNumber } from '../../../../lib/format.ts';
import { issuesToErrors, useFormState, type FormErrors } from '../../../../lib/form.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { timeZoneLabel } from '../../../../lib/time-zones.ts';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useSession } from '../../../../lib/session/session-context.ts';
import { useCreateGroupPlanMutation } from '../../api/create-group-plan.ts';
import { usePlanSiteMembersQuery } from '../../api/get-site-members.ts';
import { useUpdatePlanMutation } from '../../api/update-plan.ts';
import { PlanScheduleFields, needsDays, needsMonths, type PlanScheduleValues } from './plan-schedule-fields.tsx';
import { recurrenceInput } from './plan-recurrence-fields.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';

interface PlanFormValues extends PlanScheduleValues {
  teamId: string | null;
  userIds: string[];
  /** Named members, one schedule each, or a pool (the chosen members, or the whole site) taking one per occurrence. */
  assignment: 'MEMBERS' | 'POOL';
}

/** Today's date in a time zone, as "YYYY-MM-DD" (plans are dated in the business's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

function initialValues(plan: ExecutionPlan | undefined, today: string): PlanFormValues {
  if (!plan) {
    return {
      teamId: null,
      userIds: [],
      assignment: 'MEMBERS',
      scheduleType: 'DAILY',
      startDate: today,
      endDate: null,
      startTime: '09:00',
      endTime: '17:00',
      deadlineAfter: 8,
      deadlineUnit: 'HOURS',
      graceMinutes: 0,
      duration: '',
      days: [],
      months: [],
      repeatEvery: 1,
      monthWeeks: [],
      exceptionDates: [],
      skipHolidays: false,
    };
  }
  return {
    teamId: String(plan.teamId),
    userIds: [],
    assignment: plan.pooled ? 'POOL' : 'MEMBERS',
    scheduleType: plan.scheduleType,
    startDate: plan.startDate,
    endDate: plan.endDate,
    startTime: plan.startTime,
    endTime: plan.endTime,
    deadlineAfter: plan.deadlineAfter,
    deadlineUnit: plan.deadlineUnit,
    graceMinutes: plan.graceMinutes,
    duration: plan.duration ?? '',
    days: plan.days.map(String),
    months: plan.months.map(String),
    repeatEvery: plan.repeatEvery,
    monthWeeks: plan.monthWeeks.map(String),
    exceptionDates: plan.exceptionDates,
    skipHolidays: plan.skipHolidays,
  };
}

/** What the form sends: days and months only for the types that use them, no end for Once. */
export function scheduleInput(values: PlanScheduleValues) {
  const type = values.scheduleType;
  return {
    scheduleType: type,
    startDate: values.startDate ?? '',
    endDate: type === 'ONCE' ? null : values.endDate,
    startTime: values.startTime,
    endTime: values.endTime,
    deadlineAfter: values.deadlineAfter === '' ? Number.NaN : Number(values.deadlineAfter),
    deadlineUnit: values.deadlineUnit,
    graceMinutes: values.graceMinutes === '' ? 0 : Number(values.graceMinutes),
    duration: values.duration === '' ? null : Number(values.duration),
    days: needsDays(type) ? values.days.map(Number).sort((a, b) => a - b) : [],
    months: needsMonths(type) ? values.months.map(Number).sort((a, b) => a - b) : [],
    ...recurrenceInput(values),
  };
}

/** The schema's issues, with the plain words the form needs for a missing site or date. */
function formIssues(issues: readonly z.core.$ZodIssue[], values: PlanFormValues, creating: boolean): FormErrors<PlanFormValues> {
  const errors = issuesToErrors<PlanFormValues>(issues);
  if (creating && !values.teamId) errors.teamId = MSG.required;
  if (!values.startDate) errors.startDate = MSG.selectDate;
  return errors;
}

interface PlanFormProps {
  taskId: number;
  /** The plan to change; without it the form creates a group plan. */
  plan?: ExecutionPlan;
  onSaved: () => void;
  onCancel: () => void;
}

export function PlanForm({ taskId, plan, onSaved, onCancel }: PlanFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { business } = useSession();
  const form = useFormState<PlanFormValues>(() => initialValues(plan, todayIn(business.timeZone)));
  const { values } = form;
  // Execution-plan errors prefer the server's message (spec §8).
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreateGroupPlanMutation(taskId);
  const update = useUpdatePlanMutation(taskId);
  const sites = useSiteOptions();
  const teamId = values.teamId ? Number(values.teamId) : null;
  const members = usePlanSiteMembersQuery(plan ? null : teamId);
  const memberOptions = useMemo(
    () => (members.data?.data ?? []).map((member) => ({ value: String(member.userId), label: member.name || member.username })),
    [members.data],
  );

  const set = <K extends keyof PlanFormValues & string>(field: K, value: PlanFormValues[K]) => {
    form.setValue(field, value);
    // The members chosen were the old site's.
    if (field === 'teamId') form.setValues((current) => ({ ...current, userIds: [] }));
  };

  const saved = (message: string) => {
    notifySuccess(t(message));
    onSaved();
  };
  const refused = (error: unknown) => {
    form.showFieldErrors(error);
    setFailure(error);
  };

  // Once at a time: a double click sends one plan.
  const save = useSingleFlight(async () => {
    setFailure(null);
    const schedule = scheduleInput(values);
    if (plan) {
      const parsed = planUpdateRequest.safeParse(schedule);
      if (!parsed.success || !values.startDate) {
        form.setErrors(formIssues(parsed.error?.issues ?? [], values, false));
        return;
      }
      await update.mutateAsync({ planId: plan.id, body: parsed.data }).then(() => saved('messages.planUpdated'), refused);
      return;
    }
    const parsed = groupPlanRequest.safeParse({ ...schedule, taskId, teamId, userIds: values.userIds.map(Number), pooled: values.assignment === 'POOL' });
    if (!parsed.success || !values.startDate || !teamId) {
      form.setErrors(formIssues(parsed.error?.issues ?? [], values, true));
      return;
    }
    await create.mutateAsync(parsed.data).then(() => saved('messages.planCreated'), refused);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {plan ? (
          <Text size="sm">{t('tasks.plans.form.assignedTo', { site: plan.teamName, count: formatNumber(plan.count, language) })}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Radio.Group
              label={t('planPool.assignment')}
              value={values.assignment}
              onChange={(value) => set('assignment', value === 'POOL' ? 'POOL' : 'MEMBERS')}
              style={{ gridColumn: '1 / -1' }}
            >
              <Group gap="lg" mt={6} wrap="wrap">
                <Radio value="MEMBERS" label={t('planPool.members')} description={t('planPool.membersHint')} />
                <Radio value="POOL" label={t('planPool.pool')} description={t('planPool.poolHint')} />
              </Group>
            </Radio.Group>
            <Select
              label={t('tasks.plans.form.site')}
              placeholder={t('tasks.plans.form.sitePlaceholder')}
              required
              searchable
              data={sites.options}
              value={values.teamId}
              onChange={(value) => set('teamId', value)}
              nothingFoundMessage={t('tasks.plans.form.noSites')}
              error={form.error('teamId')}
              comboboxProps={{ withinPortal: true }}
            />
            <Stack gap={4}>
              <MultiSelect
                label={values.assignment === 'POOL' ? t('planPool.poolMembers') : t('tasks.plans.form.members')}
                description={values.assignment === 'POOL' ? t('planPool.poolMembersHint') : undefined}
                placeholder={values.teamId ? t('tasks.plans.form.membersPlaceholder') : t('tasks.plans.form.chooseSiteFirst')}
                required={values.assignment === 'MEMBERS'}
                searchable
                disabled={!values.teamId}
                data={memberOptions}
                value={values.userIds}
                onChange={(value) => set('userIds', value)}
                nothingFoundMessage={members.isFetching ? t('app.loading') : t('tasks.plans.form.noMembers')}
                error={form.error('userIds') ?? (members.isError ? errorMessage(members.error, 'fetchTeamMembersFailed') : undefined)}
                comboboxProps={{ withinPortal: true }}
              />
              {memberOptions.length > 1 && values.userIds.length < memberOptions.length ? (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  ta="start"
                  onClick={() =>
                    set(
                      'userIds',
                      memberOptions.map((option) => option.value),
                    )
                  }
                >
                  {t('tasks.plans.form.allMembers')}
                </Anchor>
              ) : null}
            </Stack>
          </SimpleGrid>
        )}
        <PlanScheduleFields
          values={values}
          onChange={(field, value) => set(field, value as PlanFormValues[typeof field])}
          errorOf={form.error}
          today={todayIn(business.timeZone)}
        />
        <Text size="xs" c="dimmed">
          {t('tasks.plans.form.timeZone', { zone: timeZoneLabel(business.timeZone, language) })}
        </Text>
        <FormAlert error={failure} fallbackKey={plan ? 'updatePlanFailed' : 'createPlanFailed'} />
        <FormActions submitLabel={t(plan ? 'actions.saveChanges' : 'tasks.plans.form.create')} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

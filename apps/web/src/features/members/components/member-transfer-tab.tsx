// The Transfer tab of a member: move them from one of their sites to another in three steps —
// choose the sites, choose the execution plans to carry (or none), then decide whether to edit
// the schedule of the carried plans.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, Radio, Select, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { transferMemberRequest } from '@fieldops/shared/organisation';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useWideScreen } from '../../../components/responsive-table.tsx';
import { useSiteOptions } from '../../../components/site-membership/use-site-options.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { formatShiftTime } from '../../../lib/shift-hours.ts';
import { useTransferablePlansQuery, type TransferablePlan } from '../api/get-transferable-plans.ts';
import { useTransferMemberMutation } from '../api/transfer-member.ts';
import { useUpdatePlanHoursMutation } from '../api/update-plan-hours.ts';
import { ScheduleFollowUp } from './schedule-follow-up.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

export type TransferStep = 0 | 1 | 2;
type PlanChoice = 'with' | 'without';

interface SitesErrors {
  from?: string;
  to?: string;
}

/** The first step is complete when both sites are chosen and differ. */
export function checkSites(from: string | null, to: string | null): SitesErrors {
  const errors: SitesErrors = {};
  if (!from) errors.from = MSG.required;
  if (!to) errors.to = MSG.required;
  if (from && to && from === to) errors.to = MSG.sameSite;
  return errors;
}

export function MemberTransferTab({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [params] = useSearchParams();
  const { canManageSite } = useAccess();
  const wide = useWideScreen();
  const name = member.fullName || member.username;

  const sources = useMemo(
    () => member.teams.filter((team) => canManageSite(team.id)).map((team) => ({ value: String(team.id), label: team.name })),
    [member.teams, canManageSite],
  );
  const requested = params.get('from');
  const initialFrom = sources.find((source) => source.value === requested)?.value ?? (sources.length === 1 ? sources[0].value : null);

  const [step, setStep] = useState<TransferStep>(0);
  const [from, setFrom] = useState<string | null>(initialFrom);
  const [to, setTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<SitesErrors>({});
  const [choice, setChoice] = useState<PlanChoice>('without');
  const [selected, setSelected] = useState<string[]>([]);
  const [carried, setCarried] = useState<TransferablePlan[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const targets = useSiteOptions({ exclude: member.teams.map((team) => team.id) });
  const plansQuery = useTransferablePlansQuery(from ? Number(from) : null, member.userId);
  const plans = useMemo<TransferablePlan[]>(
    () =>
      (plansQuery.data ?? []).map((plan) => ({
        id: plan.id,
        name: localizedName({ nameEn: plan.taskNameEn, nameAr: plan.taskNameAr }, language) || t('members.transfer.untitledPlan'),
        startTime: plan.startTime,
        endTime: plan.endTime,
      })),
    [plansQuery.data, language, t],
  );
  const hoursOf = (plan: TransferablePlan) => `${formatShiftTime(plan.startTime, language)}–${formatShiftTime(plan.endTime, language)}`;
  const transfer = useTransferMemberMutation();
  const hours = useUpdatePlanHoursMutation();
  // Once at a time: a double click moves the member once.
  const once = useSingleFlight((work: () => Promise<void>) => work());

  if (member.teams.length === 0 || sources.length === 0) {
    return (
      <EmptyState
        withCard
        icon={<IconArrowsExchange size={28} />}
        title={t('members.transfer.unavailableTitle')}
        description={t(member.teams.length === 0 ? 'members.transfer.noSites' : 'members.transfer.noManagedSites', { name })}
      />
    );
  }

  const siteName = (id: string | null) => sources.find((source) => source.value === id)?.label ?? targets.nameOf(Number(id));

  const goToPlans = () => {
    const found = checkSites(from, to);
    setErrors(found);
    if (!found.from && !found.to) setStep(1);
  };

  const submit = () =>
    once(async () => {
      setFailure(null);
      const planIds = choice === 'with' ? selected.map(Number) : [];
      const body = transferMemberRequest.parse({ executionPlanIds: planIds, toTeamId: Number(to) });
      await transfer
        .mutateAsync(
          { fromTeamId: Number(from), userId: member.userId, body },
          {
            onSuccess: () => {
              notifySuccess(t('messages.memberTransferred'));
              setCarried(plans.filter((plan) => planIds.includes(plan.id)));
              setStep(2);
            },
            onError: (error) => {
              const text = errorMessage(error, 'transferFailed');
              setFailure(text);
              notifyError(text);
            },
          },
        )
        .catch(() => undefined); // told above
    });

  const restart = () => {
    setStep(0);
    setFrom(null);
    setTo(null);
    setChoice('without');
    setSelected([]);
    setCarried([]);
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={820}>
      <Stepper active={step} size={wide ? 'sm' : 'xs'} allowNextStepsSelect={false} onStepClick={(index) => step < 2 && setStep(index as TransferStep)}>
        <Stepper.Step label={t('members.transfer.stepSites')} description={wide ? t('members.transfer.stepSitesHint') : undefined}>
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('members.transfer.from')}
                placeholder={t('members.transfer.fromPlaceholder')}
                required
                data={sources}
                value={from}
                onChange={(value) => {
                  setFrom(value);
                  // Plans belong to the source site: a new source starts without a choice.
                  setSelected([]);
                  setChoice('without');
                  setErrors((current) => ({ ...current, from: undefined }));
                }}
                error={errors.from ? translateMessage(errors.from) : undefined}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('members.transfer.to')}
                placeholder={t('members.transfer.toPlaceholder')}
                required
                searchable
                data={targets.options}
                value={to}
                onChange={(value) => {
                  setTo(value);
                  setErrors((current) => ({ ...current, to: undefined }));
                }}
                nothingFoundMessage={t('siteMembership.noSitesFound')}
                error={errors.to ? translateMessage(errors.to) : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('members.transfer.keepsRole')}
            </Text>
            <Group justify="flex-end">
              <Button onClick={goToPlans}>{t('actions.next')}</Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('members.transfer.stepPlans')} description={wide ? t('members.transfer.stepPlansHint') : undefined}>
          <Stack gap="md" mt="md">
            <Text>{t('members.transfer.summary', { name, from: siteName(from), to: siteName(to) })}</Text>
            {plansQuery.isPending ? (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t('members.transfer.plansLoading')}
                </Text>
              </Group>
            ) : plansQuery.isError ? (
              <FormAlert>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorMessage(plansQuery.error, 'fetchPlansFailed')}</Text>
                  <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void plansQuery.refetch()}>
                    {t('actions.tryAgain')}
                  </Button>
                </Stack>
              </FormAlert>
            ) : plans.length === 0 ? (
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t('members.transfer.noPlans', { site: siteName(from) })}
              </Alert>
            ) : null}
            <Radio.Group value={choice} onChange={(value) => setChoice(value as PlanChoice)} label={t('members.transfer.plansQuestion')}>
              <Stack gap="xs" mt="xs">
                <Radio value="without" label={t('members.transfer.withoutPlans')} />
                <Radio value="with" label={t('members.transfer.withPlans')} disabled={plans.length === 0} />
              </Stack>
            </Radio.Group>
            {choice === 'with' && plans.length > 0 ? (
              <Checkbox.Group value={selected} onChange={setSelected} label={t('members.transfer.plansLabel')}>
                <Stack gap="xs" mt="xs">
                  {plans.map((plan) => (
                    <Checkbox key={plan.id} value={String(plan.id)} label={t('members.transfer.planOption', { name: plan.name, hours: hoursOf(plan) })} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : null}
            <FormAlert>{failure}</FormAlert>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)} disabled={transfer.isPending}>
                {t('actions.back')}
              </Button>
              <Button
                leftSection={<IconArrowsExchange size={16} />}
                onClick={() => void submit()}
                loading={transfer.isPending}
                disabled={choice === 'with' && selected.length === 0}
              >
                {t('members.transfer.submit')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('members.transfer.stepSchedule')} description={wide ? t('members.transfer.stepScheduleHint') : undefined}>
          <Stack gap="md" mt="md">
            <ScheduleFollowUp
              memberName={name}
              carried={carried}
              onFinish={restart}
              saving={hours.isPending}
              onSave={(changes) =>
                hours.mutate(changes, {
                  onSuccess: () => {
                    notifySuccess(t('messages.schedulesUpdated'));
                    restart();
                  },
                  onError: (error) => notifyError(errorMessage(error, 'saveFailed')),
                })
              }
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Card>
  );
}

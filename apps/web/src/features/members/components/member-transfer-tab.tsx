// The Transfer tab of a member: move them from one of their sites to another in three steps —
// choose the sites, choose the execution plans to carry (or none), then decide whether to edit
// the schedule of the carried plans.
import { useMemo, useReducer, useState } from 'react';
import { Card, Stack, Stepper } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { transferMemberRequest } from '@fieldops/shared/organisation';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useWideScreen } from '../../../components/responsive-table.tsx';
import { useSiteOptions } from '../../../components/site-membership/use-site-options.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { formatShiftTime } from '../../../lib/shift-hours.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useTransferablePlansQuery, type TransferablePlan } from '../api/get-transferable-plans.ts';
import { useTransferMemberMutation } from '../api/transfer-member.ts';
import { useUpdatePlanHoursMutation } from '../api/update-plan-hours.ts';
import { ScheduleFollowUp } from './schedule-follow-up.tsx';
import { TransferPlansStep } from './transfer-plans-step.tsx';
import { TransferSitesStep } from './transfer-sites-step.tsx';
import { initialTransfer, transferReducer, type TransferStep } from './transfer-wizard.ts';

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
  const initialFrom = sources.find((source) => source.value === requested)?.value ?? (sources.length === 1 ? (sources[0]?.value ?? null) : null);

  const [state, dispatch] = useReducer(transferReducer, initialFrom, initialTransfer);
  const [failure, setFailure] = useState<string | null>(null);
  const { step, from, to, choice, selected } = state;

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
              dispatch({ type: 'transferred', carried: plans.filter((plan) => planIds.includes(plan.id)) });
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

  const restart = () => dispatch({ type: 'restart' });

  return (
    <Card withBorder radius="md" padding="lg" maw={820}>
      <Stepper
        active={step}
        size={wide ? 'sm' : 'xs'}
        allowNextStepsSelect={false}
        onStepClick={(index) => dispatch({ type: 'step', step: index as TransferStep })}
      >
        <Stepper.Step label={t('members.transfer.stepSites')} description={wide ? t('members.transfer.stepSitesHint') : undefined}>
          <TransferSitesStep state={state} dispatch={dispatch} sources={sources} targets={targets.options} />
        </Stepper.Step>

        <Stepper.Step label={t('members.transfer.stepPlans')} description={wide ? t('members.transfer.stepPlansHint') : undefined}>
          <TransferPlansStep
            state={state}
            dispatch={dispatch}
            summary={t('members.transfer.summary', { name, from: siteName(from), to: siteName(to) })}
            sourceName={siteName(from)}
            plans={plans}
            plansQuery={plansQuery}
            hoursOf={hoursOf}
            failure={failure}
            pending={transfer.isPending}
            onSubmit={() => void submit()}
          />
        </Stepper.Step>

        <Stepper.Step label={t('members.transfer.stepSchedule')} description={wide ? t('members.transfer.stepScheduleHint') : undefined}>
          <Stack gap="md" mt="md">
            <ScheduleFollowUp
              memberName={name}
              carried={state.carried}
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

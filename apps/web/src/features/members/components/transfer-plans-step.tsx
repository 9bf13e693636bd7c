// The Transfer tab's second step: the execution plans of the source site that can go along with
// the member (none by default), and the transfer itself.
import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import type { TransferablePlan } from '../api/get-transferable-plans.ts';
import type { PlanChoice, TransferEvent, TransferState } from './transfer-wizard.ts';

interface TransferPlansStepProps {
  state: TransferState;
  dispatch: (event: TransferEvent) => void;
  /** "Move {name} from {from} to {to}". */
  summary: string;
  sourceName: string;
  plans: TransferablePlan[];
  plansQuery: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  hoursOf: (plan: TransferablePlan) => string;
  failure: string | null;
  pending: boolean;
  onSubmit: () => void;
}

export function TransferPlansStep({ state, dispatch, summary, sourceName, plans, plansQuery, hoursOf, failure, pending, onSubmit }: TransferPlansStepProps) {
  const { t } = useTranslation();
  const { choice, selected } = state;
  return (
    <Stack gap="md" mt="md">
      <Text>{summary}</Text>
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
          {t('members.transfer.noPlans', { site: sourceName })}
        </Alert>
      ) : null}
      <Radio.Group value={choice} onChange={(value) => dispatch({ type: 'choice', choice: value as PlanChoice })} label={t('members.transfer.plansQuestion')}>
        <Stack gap="xs" mt="xs">
          <Radio value="without" label={t('members.transfer.withoutPlans')} />
          <Radio value="with" label={t('members.transfer.withPlans')} disabled={plans.length === 0} />
        </Stack>
      </Radio.Group>
      {choice === 'with' && plans.length > 0 ? (
        <Checkbox.Group value={selected} onChange={(value) => dispatch({ type: 'selected', selected: value })} label={t('members.transfer.plansLabel')}>
          <Stack gap="xs" mt="xs">
            {plans.map((plan) => (
              <Checkbox key={plan.id} value={String(plan.id)} label={t('members.transfer.planOption', { name: plan.name, hours: hoursOf(plan) })} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      <FormAlert>{failure}</FormAlert>
      <Group justify="space-between">
        <Button variant="default" onClick={() => dispatch({ type: 'step', step: 0 })} disabled={pending}>
          {t('actions.back')}
        </Button>
        <Button leftSection={<IconArrowsExchange size={16} />} onClick={onSubmit} loading={pending} disabled={choice === 'with' && selected.length === 0}>
          {t('members.transfer.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

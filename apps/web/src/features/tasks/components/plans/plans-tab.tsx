// The Plans tab of a task: its execution plans filtered by status (?planStatus=), each group
// expanding to its members' plans; owners, admins and supervisors create, edit, pause and resume.
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EXECUTION_PLANS_PAGE_SIZE } from '@fieldops/shared/limits';
import { PLAN_STATUS_FILTERS, type ExecutionPlan, type PlanStatusFilter } from '@fieldops/shared/plans';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ListPagination } from '../../../../components/list-pagination.tsx';
import { QueryGate } from '../../../../components/query-gate.tsx';
import { useAccess } from '../../../../lib/session/use-access.ts';
import { usePageParam, useSearchParam } from '../../../../lib/url-state.ts';
import { useTaskPlansQuery } from '../../api/get-task-plans.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import { usePlanSwitch } from './use-plan-switch.tsx';

export const PLAN_STATUS_PARAM = 'planStatus';

const asFilter = (value: string): PlanStatusFilter => ((PLAN_STATUS_FILTERS as readonly string[]).includes(value) ? (value as PlanStatusFilter) : 'ALL');

export function PlansTab({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const { canManageSite, managesAnySite } = useAccess();
  const [rawStatus, setStatus] = useSearchParam(PLAN_STATUS_PARAM);
  const status = asFilter(rawStatus);
  const [page, setPage] = usePageParam();
  const [params] = useSearchParams();
  const linked = Number(params.get('plan'));
  const query = useTaskPlansQuery(taskId, status, page);
  const [editing, setEditing] = useState<ExecutionPlan | null>(null);
  const [creating, setCreating] = useState(false);
  const planSwitch = usePlanSwitch(taskId);

  const createButton = managesAnySite ? (
    <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreating(true)}>
      {t('tasks.plans.new')}
    </Button>
  ) : null;

  const body = (
    <QueryGate
      query={query}
      fallbackKey="fetchPlansFailed"
      isEmpty={(plans) => plans.data.length === 0}
      empty={
        status === 'ALL' ? (
          <EmptyState
            withCard
            icon={<IconCalendarTime size={28} />}
            title={t('tasks.plans.emptyTitle')}
            description={t(managesAnySite ? 'tasks.plans.emptyText' : 'tasks.plans.emptyTextReader')}
            action={createButton}
          />
        ) : (
          <EmptyState
            withCard
            icon={<IconCalendarTime size={28} />}
            title={t('tasks.plans.noMatchTitle')}
            description={t('tasks.plans.noMatchText', { status: t(`tasks.plans.filter.${status}`) })}
          />
        )
      }
    >
      {(plans) => (
        <>
          <Stack gap="sm">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                taskId={taskId}
                plan={plan}
                canManage={canManageSite(plan.teamId)}
                highlighted={plan.id === linked}
                onEdit={setEditing}
                onSwitch={planSwitch.ask}
              />
            ))}
          </Stack>
          <ListPagination page={page} size={EXECUTION_PLANS_PAGE_SIZE} total={plans.total} onChange={setPage} />
        </>
      )}
    </QueryGate>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('tasks.plans.statusFilter')}
          description={t(`tasks.plans.filterHint.${status}`)}
          data={PLAN_STATUS_FILTERS.map((value) => ({ value, label: t(`tasks.plans.filter.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value && value !== 'ALL' ? value : null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={220}
        />
        {createButton}
      </Group>
      <Text size="sm" c="dimmed">
        {t('tasks.plans.intro')}
      </Text>
      {body}
      <PlanFormModal
        taskId={taskId}
        opened={creating || editing !== null}
        plan={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      {planSwitch.modal}
    </Stack>
  );
}

// The members' plans of a group plan, loaded when the group is expanded: each member with the
// plan's own status and, for managers, pause or resume.
import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { QueryGate } from '../../../../components/query-gate.tsx';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { initialOf } from '../../../../lib/localized.ts';
import { usePlanChildrenQuery } from '../../api/get-plan-children.ts';
import { PlanStatusBadge, canSwitchPlan } from './plan-status-badge.tsx';
import { planHours } from './plan-text.ts';

interface PlanChildrenProps {
  taskId: number;
  groupId: number;
  canManage: boolean;
  onSwitch: (plan: ExecutionPlan) => void;
}

const memberOf = (plan: ExecutionPlan) => plan.assignedMembers[0] ?? null;

export function PlanChildren({ taskId, groupId, canManage, onSwitch }: PlanChildrenProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = usePlanChildrenQuery(taskId, groupId, true);

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchPlansFailed"
      withCard={false}
      loaderHeight={80}
      isEmpty={(plans) => plans.data.length === 0}
      empty={<EmptyState icon={<IconUsers size={24} />} title={t('tasks.plans.noMembersPlans')} />}
    >
      {(plans) => (
        <Stack component="ul" gap="xs" mt="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tasks.plans.membersPlans')}>
          {plans.data.map((child) => {
            const member = memberOf(child);
            const name = member?.fullName ?? t('tasks.plans.unknownMember');
            return (
              <Paper key={child.id} component="li" withBorder radius="sm" p="xs" aria-label={name}>
                <Group justify="space-between" gap="xs">
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={member?.avatar ?? null} alt={name} radius="xl" size="sm">
                      {initialOf(name)}
                    </Avatar>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {planHours(child, language)}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap="xs">
                    <PlanStatusBadge status={child.status} />
                    {canManage && canSwitchPlan(child) ? (
                      <Button
                        size="compact-xs"
                        variant="default"
                        leftSection={child.paused ? <IconPlayerPlay size={12} /> : <IconPlayerPause size={12} />}
                        aria-label={t(child.paused ? 'tasks.plans.resumeOf' : 'tasks.plans.pauseOf', { name })}
                        onClick={() => onSwitch(child)}
                      >
                        {t(child.paused ? 'tasks.plans.resume' : 'tasks.plans.pause')}
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </QueryGate>
  );
}

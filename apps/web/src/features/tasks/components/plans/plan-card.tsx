// One execution plan of the task: type, status, site, dates, hours, days and months, deadline,
// duration and members; a group plan expands to its members' plans. Managers of the plan's site
// get edit and pause/resume.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlayerPause, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { ItemContextMenu } from '../../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { initialOf } from '../../../../lib/localized.ts';
import { paths } from '../../../../lib/paths.ts';
import { PlanChildren } from './plan-children.tsx';
import { PlanStatusBadge, canSwitchPlan } from './plan-status-badge.tsx';
import { amountText, daysText, monthsText, planDates, planHours } from './plan-text.ts';
import { recurrenceWords } from './recurrence-words.ts';

const MAX_AVATARS = 4;

/** The address that opens the task's plans with this plan expanded. */
export const planHref = (taskId: number, planId: number) => paths.task(taskId, { tab: 'plans', plan: planId });

/** A group plan (no member of its own) has members' plans under it. */
export const isGroupPlan = (plan: ExecutionPlan) => plan.userId === null;

interface PlanCardProps {
  taskId: number;
  plan: ExecutionPlan;
  canManage: boolean;
  /** Opened from a link to this plan: expanded and scrolled into view. */
  highlighted?: boolean;
  onEdit: (plan: ExecutionPlan) => void;
  onSwitch: (plan: ExecutionPlan) => void;
}

export function PlanCard({ taskId, plan, canManage, highlighted = false, onEdit, onSwitch }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [expanded, setExpanded] = useState(highlighted);
  const ref = useRef<HTMLElement>(null);
  const type = t(`tasks.plans.type.${plan.scheduleType}`);
  const label = t('tasks.plans.cardLabel', { type, site: plan.teamName });
  const group = isGroupPlan(plan);

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);

  return (
    <Card
      ref={ref}
      component="article"
      aria-label={label}
      withBorder
      radius="md"
      padding="md"
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Badge variant="outline">{type}</Badge>
          <PlanStatusBadge status={plan.status} />
          {plan.pooled && group ? (
            <Badge variant="light" color="teal">
              {t('planPool.pooledBadge')}
            </Badge>
          ) : null}
          {group ? null : (
            <Badge variant="light" color="gray">
              {t('tasks.plans.memberPlan')}
            </Badge>
          )}
        </Group>
        <ItemContextMenu
          href={planHref(taskId, plan.id)}
          label={t('tasks.plans.menuOf', { name: label })}
          onEdit={canManage ? () => onEdit(plan) : undefined}
          actions={
            canManage && canSwitchPlan(plan)
              ? [
                  {
                    key: 'switch',
                    label: t(plan.paused ? 'tasks.plans.resume' : 'tasks.plans.pause'),
                    icon: plan.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />,
                    onClick: () => onSwitch(plan),
                  },
                ]
              : []
          }
        />
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" mt="sm">
        <Detail label={t('tasks.plans.recurrence.label')}>{recurrenceWords(plan, t, language)}</Detail>
        <Detail label={t('tasks.plans.site')}>{plan.teamName}</Detail>
        <Detail label={t(plan.scheduleType === 'ONCE' ? 'tasks.plans.date' : 'tasks.plans.dates')}>{planDates(plan, language)}</Detail>
        <Detail label={t('tasks.plans.hours')}>{planHours(plan, language)}</Detail>
        {plan.days.length > 0 && (plan.scheduleType === 'WEEKLY' || plan.scheduleType === 'CUSTOM') ? (
          <Detail label={t('tasks.plans.days')}>{daysText(plan.days, language)}</Detail>
        ) : null}
        {plan.months.length > 0 && plan.scheduleType === 'CUSTOM' ? <Detail label={t('tasks.plans.months')}>{monthsText(plan.months, language)}</Detail> : null}
        <Detail label={t('tasks.plans.deadline')}>
          {t('tasks.plans.deadlineAfter', { amount: amountText(plan.deadlineAfter, plan.deadlineUnit, language) })}
        </Detail>
        {plan.graceMinutes > 0 ? <Detail label={t('tasks.plans.grace')}>{amountText(plan.graceMinutes, 'MINUTES', language)}</Detail> : null}
        {plan.duration !== null ? <Detail label={t('tasks.plans.duration')}>{amountText(plan.duration, 'MINUTES', language)}</Detail> : null}
      </SimpleGrid>

      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="xs">
          <Avatar.Group spacing="sm">
            {plan.assignedMembers.slice(0, MAX_AVATARS).map((member) => (
              <Tooltip key={member.id} label={member.fullName} withArrow>
                <Avatar src={member.avatar} alt={member.fullName} radius="xl" size="sm">
                  {initialOf(member.fullName)}
                </Avatar>
              </Tooltip>
            ))}
            {plan.assignedMembers.length > MAX_AVATARS ? (
              <Avatar radius="xl" size="sm">
                +{formatNumber(plan.assignedMembers.length - MAX_AVATARS, language)}
              </Avatar>
            ) : null}
          </Avatar.Group>
          <Text size="sm" c="dimmed">
            {t('tasks.plans.membersCount', { value: formatNumber(plan.count, language) })}
          </Text>
        </Group>
        <Group gap="xs">
          {canManage && canSwitchPlan(plan) ? (
            <Button
              size="xs"
              variant="default"
              leftSection={plan.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              onClick={() => onSwitch(plan)}
            >
              {t(plan.paused ? 'tasks.plans.resume' : 'tasks.plans.pause')}
            </Button>
          ) : null}
          {group ? (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconUsers size={14} />}
              rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
            >
              {t('tasks.plans.membersPlans')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {group && expanded ? <PlanChildren taskId={taskId} groupId={plan.groupId ?? plan.id} canManage={canManage} onSwitch={onSwitch} /> : null}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

// After a transfer: asks whether to change the working hours (6:00 AM to 12:00 AM) of the
// execution plans carried to the new site, showing old → new. Without carried plans there is
// nothing to change, and it says so.
import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { keepTogether } from '../../../lib/format.ts';
import { SHIFT_TIMES, formatShiftTime } from '../../../lib/shift-hours.ts';
import type { TransferablePlan } from '../api/get-transferable-plans.ts';
import type { PlanHours } from '../api/update-plan-hours.ts';

interface ScheduleFollowUpProps {
  memberName: string;
  carried: TransferablePlan[];
  onFinish: () => void;
  onSave: (changes: PlanHours[]) => void;
  saving?: boolean;
}

/** The hours a plan has now, before any change. */
const ownHours = (plan: TransferablePlan) => ({ startTime: plan.startTime, endTime: plan.endTime });

export function ScheduleFollowUp({ memberName, carried, onFinish, onSave, saving = false }: ScheduleFollowUpProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [editing, setEditing] = useState(false);
  const [hours, setHours] = useState<Record<number, { startTime: string; endTime: string }>>(() =>
    Object.fromEntries(carried.map((plan) => [plan.id, ownHours(plan)])),
  );
  const hoursOf = (plan: TransferablePlan) => hours[plan.id] ?? ownHours(plan);
  // Plans may start on a quarter hour; their own times stay selectable beside the whole hours.
  const times = [...new Set([...SHIFT_TIMES, ...carried.flatMap((plan) => [plan.startTime, plan.endTime])])].sort();
  const options = times.map((time) => ({ value: time, label: formatShiftTime(time, language) }));
  const show = (time: string) => formatShiftTime(time, language);

  if (carried.length === 0) {
    return (
      <Stack gap="md">
        <Alert color="gray" icon={<IconCalendarOff size={18} />}>
          {t('members.transfer.noPlansCarried')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onFinish}>{t('actions.done')}</Button>
        </Group>
      </Stack>
    );
  }

  if (!editing) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          {t('members.transfer.editScheduleQuestion', { name: memberName })}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onFinish}>
            {t('members.transfer.keepSchedule')}
          </Button>
          <Button onClick={() => setEditing(true)}>{t('members.transfer.editSchedule')}</Button>
        </Group>
      </Stack>
    );
  }

  const changes = carried
    .map((plan) => ({ plan, next: hoursOf(plan) }))
    .filter(({ plan, next }) => next.startTime !== plan.startTime || next.endTime !== plan.endTime)
    .map(({ plan, next }) => ({ planId: plan.id, ...next }));
  const invalid = carried.some((plan) => hoursOf(plan).startTime >= hoursOf(plan).endTime);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('members.transfer.hoursHint')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.transfer.plan')}</Table.Th>
              <Table.Th>{t('members.transfer.start')}</Table.Th>
              <Table.Th>{t('members.transfer.end')}</Table.Th>
              <Table.Th>{t('members.transfer.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {carried.map((plan) => {
              const next = hoursOf(plan);
              const set = (field: 'startTime' | 'endTime') => (value: string | null) =>
                setHours((current) => ({ ...current, [plan.id]: { ...(current[plan.id] ?? ownHours(plan)), [field]: value ?? plan[field] } }));
              return (
                <Table.Tr key={plan.id}>
                  <Table.Td>{plan.name}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('members.transfer.start')}
                      data={options.slice(0, -1)}
                      value={next.startTime}
                      onChange={set('startTime')}
                      allowDeselect={false}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('members.transfer.end')}
                      data={options.slice(1)}
                      value={next.endTime}
                      onChange={set('endTime')}
                      allowDeselect={false}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" dir="auto">
                      {t('members.transfer.oldToNew', {
                        // Each range stays whole; a line may break only at the arrow between them.
                        old: keepTogether(`${show(plan.startTime)}–${show(plan.endTime)}`),
                        new: keepTogether(`${show(next.startTime)}–${show(next.endTime)}`),
                      })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invalid ? (
        <Text size="sm" c="red" role="alert">
          {t('members.transfer.endAfterStart')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onFinish} disabled={saving}>
          {t('members.transfer.keepSchedule')}
        </Button>
        <Button onClick={() => onSave(changes)} loading={saving} disabled={invalid || changes.length === 0}>
          {t('members.transfer.saveSchedule')}
        </Button>
      </Group>
    </Stack>
  );
}

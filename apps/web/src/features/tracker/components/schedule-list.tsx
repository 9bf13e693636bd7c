// The rows of a schedule list: a table on wider screens, cards on a phone. Each row opens the
// schedule's runner page; All Tasks adds the member.
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconClockHour4, IconMapPin, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Schedule } from '@fieldops/shared/schedules';
import { ResponsiveTable, useWideScreen } from '../../../components/responsive-table.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { LateBadge, ScheduleProgress, ScheduleStatusBadge, SiteAndProject, displayStatus } from './schedule-status.tsx';
import type { FromTracker } from './from-tracker.ts';

interface ScheduleListProps {
  schedules: Schedule[];
  showMember: boolean;
}

function useTaskName() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (schedule: Schedule) => localizedName({ nameEn: schedule.taskNameEn, nameAr: schedule.taskNameAr }, language) || t('tracker.untitled');
}

export function ScheduleList({ schedules, showMember }: ScheduleListProps) {
  const wide = useWideScreen();
  return wide ? <ScheduleTable schedules={schedules} showMember={showMember} /> : <ScheduleCards schedules={schedules} showMember={showMember} />;
}

function ScheduleTable({ schedules, showMember }: ScheduleListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const time = useBusinessTime();
  const taskName = useTaskName();
  const from: FromTracker = { trackerSearch: search };
  return (
    <ResponsiveTable minWidth={showMember ? 920 : 780}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tracker.table.task')}</Table.Th>
            {showMember ? <Table.Th>{t('tracker.table.member')}</Table.Th> : null}
            <Table.Th>{t('tracker.table.time')}</Table.Th>
            <Table.Th>{t('tracker.table.deadline')}</Table.Th>
            <Table.Th>{t('tracker.table.status')}</Table.Th>
            <Table.Th>{t('tracker.table.progress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => (
            <Table.Tr
              key={schedule.id}
              style={{ cursor: 'pointer' }}
              // The task name is the link for keyboards and screen readers; the row is a larger target.
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) return;
                void navigate(paths.schedule(schedule.id), { state: from });
              }}
            >
              <Table.Td style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.schedule(schedule.id)} state={from} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {taskName(schedule)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  <SiteAndProject site={schedule.teamName} project={schedule.projectName} />
                </Text>
              </Table.Td>
              {showMember ? <Table.Td>{schedule.userFullName}</Table.Td> : null}
              <Table.Td>
                <Text size="sm">{time.window(schedule.start, schedule.end)}</Text>
              </Table.Td>
              <Table.Td>
                {/* The on-time deadline; a plan's grace time is shown on the schedule's own page. */}
                <Text size="sm">{time.dateTime(schedule.dueAt ?? schedule.deadline)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={4} wrap="nowrap">
                  <ScheduleStatusBadge status={displayStatus(schedule)} />
                  <LateBadge lateAnswers={schedule.lateAnswers} />
                </Group>
              </Table.Td>
              <Table.Td style={{ minWidth: 130 }}>
                <ScheduleProgress answered={schedule.answeredActions} required={schedule.requiredActions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

function ScheduleCards({ schedules, showMember }: ScheduleListProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const time = useBusinessTime();
  const taskName = useTaskName();
  const from: FromTracker = { trackerSearch: search };
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {schedules.map((schedule) => (
        <li key={schedule.id}>
          <Paper
            withBorder
            radius="md"
            p="sm"
            component={Link}
            to={paths.schedule(schedule.id)}
            state={from}
            style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {taskName(schedule)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <LateBadge lateAnswers={schedule.lateAnswers} size="sm" />
                  <ScheduleStatusBadge status={displayStatus(schedule)} size="sm" />
                </Group>
              </Group>
              <Line icon={<IconMapPin size={14} />} text={<SiteAndProject site={schedule.teamName} project={schedule.projectName} />} />
              {showMember ? <Line icon={<IconUser size={14} />} text={schedule.userFullName} /> : null}
              <Line icon={<IconClockHour4 size={14} />} text={time.window(schedule.start, schedule.end)} />
              <Text size="xs" c="dimmed">
                {t('tracker.deadlineAt', { time: time.dateTime(schedule.dueAt ?? schedule.deadline) })}
              </Text>
              <ScheduleProgress answered={schedule.answeredActions} required={schedule.requiredActions} />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

function Line({ icon, text }: { icon: ReactNode; text: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {text}
      </Text>
    </Group>
  );
}

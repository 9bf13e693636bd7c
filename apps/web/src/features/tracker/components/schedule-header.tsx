// The top of the runner page: back to the tracker list it came from, the task's name and
// status, the site, the time window and the deadline in the business's time zone.
import { Anchor, Badge, Group, Stack, Text, Title, useDirection } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconClockHour4,
  IconFileAnalytics,
  IconHourglassHigh,
  IconMapPin,
  IconPlayerPause,
  IconUser,
} from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LateBadge, ScheduleStatusBadge, SiteAndProject, displayStatus } from './schedule-status.tsx';

interface ScheduleHeaderProps {
  detail: ScheduleDetail;
  name: string;
  backTo: string;
  /** Shown when the schedule is someone else's. */
  showMember: boolean;
  /** Links to the schedule's inspection report (once it has answers, and not from the device's copy). */
  withReport?: boolean;
}

export function BackToTracker({ to }: { to: string }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const Arrow = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <Arrow size={16} />
        {t('tracker.runner.back')}
      </Group>
    </Anchor>
  );
}

/** Memoised: answering an action on the runner leaves it as it is. */
export const ScheduleHeader = memo(function ScheduleHeader({ detail, name, backTo, showMember, withReport = false }: ScheduleHeaderProps) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  useDocumentTitle(name);
  return (
    <Stack gap="xs">
      <BackToTracker to={backTo} />
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {name}
        </Title>
        <Group gap={6} style={{ flexShrink: 0 }}>
          {detail.paused ? (
            <Badge color="gray" variant="light" leftSection={<IconPlayerPause size={12} />}>
              {t('tracker.runner.paused')}
            </Badge>
          ) : null}
          <LateBadge lateAnswers={detail.lateAnswers} size="lg" />
          <ScheduleStatusBadge status={displayStatus(detail)} size="lg" />
        </Group>
      </Group>
      <Fact icon={<IconMapPin size={16} />} text={<SiteAndProject site={detail.site.name} project={detail.projectName} />} />
      {showMember ? <Fact icon={<IconUser size={16} />} text={detail.userFullName} /> : null}
      <Fact icon={<IconClockHour4 size={16} />} text={time.window(detail.start, detail.end)} />
      {detail.dueAt ? (
        <Fact
          icon={<IconHourglassHigh size={16} />}
          text={`${t('tracker.dueAt', { time: time.dateTime(detail.dueAt) })} · ${t('tracker.graceUntil', { time: time.dateTime(detail.deadline) })}`}
        />
      ) : (
        <Fact icon={<IconHourglassHigh size={16} />} text={t('tracker.deadlineAt', { time: time.dateTime(detail.deadline) })} />
      )}
      {withReport ? (
        <Anchor component={Link} to={paths.scheduleReport(detail.id)} size="sm" fw={600}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconFileAnalytics size={16} aria-hidden />
            {t('tracker.runner.report')}
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
});

function Fact({ icon, text }: { icon: ReactNode; text: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {text}
      </Text>
    </Group>
  );
}

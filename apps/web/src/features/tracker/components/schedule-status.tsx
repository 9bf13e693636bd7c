// A schedule's status as the tracker shows it: Done, Late, Missed, In Progress, Pending, and Next for
// a pending one that has not started yet.
import { Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduleStatus } from '@fieldops/shared/enums';
import type { Schedule } from '@fieldops/shared/schedules';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export type DisplayStatus = ScheduleStatus | 'next';

export function displayStatus(schedule: Pick<Schedule, 'status' | 'start'>, now: number = Date.now()): DisplayStatus {
  return schedule.status === 'pending' && Date.parse(schedule.start) > now ? 'next' : schedule.status;
}

const COLOURS: Record<DisplayStatus, string> = {
  done: 'teal',
  late: 'orange',
  missed: 'red',
  inProgress: 'blue',
  pending: 'yellow',
  next: 'violet',
};

export function ScheduleStatusBadge({ status, size = 'md' }: { status: DisplayStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    // Sized to its words: a narrow table column or a long Arabic status never cuts it to "DO…".
    <Badge color={COLOURS[status]} variant="light" size={size} style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(`tracker.status.${status}`)}
    </Badge>
  );
}

/**
 * Beside the status when answers the device delivered after the deadline count towards it: a done
 * schedule with one was done late, and the manager sees it was not done on the spot in time.
 */
export function LateBadge({ lateAnswers, size = 'md' }: { lateAnswers: number | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t, i18n } = useTranslation();
  if (!lateAnswers) return null;
  return (
    <Badge
      color="orange"
      variant="outline"
      size={size}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      title={t('tracker.late.title', { count: lateAnswers, n: formatNumber(lateAnswers, currentLanguage(i18n)) })}
    >
      {t('tracker.late.badge')}
    </Badge>
  );
}

/** Answered over required actions, from a list fetched with withActionCalculations. */
export function ScheduleProgress({ answered, required }: { answered: number | null; required: number | null }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  if (answered === null || required === null)
    return (
      <Text size="sm" c="dimmed">
        {NONE}
      </Text>
    );
  // Optional answers may be counted too; the bar is about the required ones.
  const done = Math.min(answered, required);
  const value = required === 0 ? 100 : (done / required) * 100;
  const label = t('tracker.progress.label', { answered: formatNumber(done, language), required: formatNumber(required, language) });
  return (
    <Group gap="xs" wrap="nowrap" aria-label={label} role="img">
      <Progress value={value} size="sm" w={72} color={done >= required ? 'teal' : 'blue'} aria-hidden />
      <Text size="xs" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }}>
        {t('tracker.progress.short', { answered: formatNumber(done, language), required: formatNumber(required, language) })}
      </Text>
    </Group>
  );
}

/** A site and its project; each name is isolated so mixed scripts keep their order in both directions. */
export function SiteAndProject({ site, project }: { site: string; project: string }) {
  return (
    <>
      <bdi>{site}</bdi> · <bdi>{project}</bdi>
    </>
  );
}

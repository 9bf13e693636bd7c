// The status, priority and SLA state of a ticket as coloured badges, the same on the board, the
// list and the ticket page.
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import { slaStateOf, type SlaState } from '@fieldops/shared/sla-state';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useMinuteClock } from '../../../lib/minute-clock.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { numberFormat } from '../../../lib/intl.ts';

export const STATUS_COLORS: Record<TicketStatus, string> = {
  NEW: 'blue',
  IN_PROGRESS: 'yellow',
  ON_HOLD: 'grape',
  RESOLVED: 'teal',
  CLOSED: 'gray',
};

export const PRIORITY_COLORS: Record<TicketPriority, string> = {
  NO_PRIORITY: 'gray',
  LOW: 'blue',
  MEDIUM: 'yellow',
  HIGH: 'orange',
  URGENT: 'red',
};

type BadgeRest = Omit<BadgeProps, 'color' | 'children'>;

export function StatusBadge({ status, ...props }: { status: TicketStatus } & BadgeRest) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" tt="none" color={STATUS_COLORS[status]} {...props}>
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority, ...props }: { priority: TicketPriority } & BadgeRest) {
  const { t } = useTranslation();
  return (
    <Badge variant={priority === 'URGENT' ? 'filled' : 'light'} tt="none" color={PRIORITY_COLORS[priority]} {...props}>
      {t(`tickets.priority.${priority}`)}
    </Badge>
  );
}

export const SLA_COLORS: Record<SlaState, string> = { BREACHED: 'red', DUE_SOON: 'orange', ON_TRACK: 'teal' };

/** "2 hr 5 min", "3 days 4 hr": the largest two units of a span, in the reader's language. */
export function spanWords(ms: number, language: Language): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    numberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0) return rest > 0 ? `${unit(hours, 'hour')} ${unit(rest, 'minute')}` : unit(hours, 'hour');
  return unit(rest, 'minute');
}

/**
 * Where the ticket stands against its resolution due time, in colour and words: time left, due
 * soon, or breached and how long ago. Nothing when it has no due time (no rule, or paused), nor
 * once it is resolved or closed: its clock has stopped.
 */
export function SlaBadge({
  resolutionDueAt,
  status,
  now: givenNow,
  ...props
}: { resolutionDueAt: string | null; status?: TicketStatus; now?: number } & BadgeRest) {
  const { t, i18n } = useTranslation();
  // Null on the server: a board drawn there (a phone's first screen) and the same board taken
  // over in the browser then draw the same thing, whatever the clock says. It ticks each minute.
  const clock = useMinuteClock();
  const now = givenNow ?? clock;
  if (now === null) return null;
  const state = slaStateOf(resolutionDueAt, now);
  if (state === null || resolutionDueAt === null || status === 'RESOLVED' || status === 'CLOSED') return null;
  const span = spanWords(Date.parse(resolutionDueAt) - now, currentLanguage(i18n));
  const words = state === 'BREACHED' ? t('tickets.sla.late', { time: span }) : t('tickets.sla.left', { time: span });
  return (
    <Badge variant={state === 'BREACHED' ? 'filled' : 'light'} tt="none" color={SLA_COLORS[state]} {...props}>
      {t(`tickets.sla.${state}`)} · {words}
    </Badge>
  );
}

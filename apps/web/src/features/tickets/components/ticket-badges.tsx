// The status and priority of a ticket as coloured badges, the same on the board, the list and
// the ticket page.
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';

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

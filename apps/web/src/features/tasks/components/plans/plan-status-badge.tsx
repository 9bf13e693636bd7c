// An execution plan's status (DESIGN §6) as a coloured, translated badge, and whether it can
// still be paused or resumed.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExecutionStatus } from '@fieldops/shared/enums';

const COLOURS: Record<ExecutionStatus, string> = {
  COMPLETED: 'teal',
  RUNNING: 'blue',
  ACTIVE: 'green',
  UPCOMING: 'violet',
  PAUSED: 'yellow',
  CANCELED: 'red',
  INACTIVE: 'gray',
};

/** Finished plans have nothing left to pause; a paused plan can always be resumed. */
export const canSwitchPlan = (plan: { paused: boolean; status: ExecutionStatus }) =>
  plan.paused || plan.status === 'RUNNING' || plan.status === 'ACTIVE' || plan.status === 'UPCOMING';

export function PlanStatusBadge({ status }: { status: ExecutionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="light">
      {t(`tasks.plans.status.${status}`)}
    </Badge>
  );
}

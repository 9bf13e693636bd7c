// What the tracker's schedule lists send (schedulesQuery of the shared contract).
import type { ScheduleStatus } from '@fieldops/shared/enums';
import type { ScheduleTiming } from '@fieldops/shared/schedules';

export interface ScheduleListParams {
  page: number;
  size: number;
  sort: string;
  timing: ScheduleTiming;
  status?: ScheduleStatus;
  /** Calendar days in the business's time zone. */
  startDate?: string;
  endDate?: string;
  /** Fills answeredActions and requiredActions for the progress of each row. */
  withActionCalculations: boolean;
}

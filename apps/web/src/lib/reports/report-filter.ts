// What every report call is narrowed by: a date range (calendar days of the business's zone)
// and at most one entity, sent as the comma lists and ids of packages/shared/src/reports.ts.
import type { DateRange } from './date-presets.ts';

export interface ReportFilter extends DateRange {
  projects?: number[];
  teams?: number[];
  users?: number[];
  /** One task (the task page). */
  task?: number;
}

/** The root of every report query key, so a change to schedules or answers can refresh them all. */
export const reportsRootKey = ['reports'] as const;

/** The filter as query parameters (empty lists are left out by the API client). */
export function filterParams(filter: ReportFilter) {
  return {
    startDate: filter.startDate,
    endDate: filter.endDate,
    projects: filter.projects,
    teams: filter.teams,
    users: filter.users,
    task: filter.task,
  };
}

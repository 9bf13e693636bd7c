// The tracker's query keys: every schedule list, count and detail starts with the schedules'
// root (a run of answers refreshes them all); the draft tasks sit under the tasks' root.
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { KpiParams } from './get-schedule-kpis.ts';
import type { ScheduleListParams } from './schedule-list-params.ts';

const schedules = ['schedules'] as const;

export const trackerKeys = {
  schedules,
  list: (params: ScheduleListParams) => [...schedules, 'all', params] as const,
  mine: (params: ScheduleListParams) => [...schedules, 'mine', params] as const,
  kpis: (params: KpiParams) => [...schedules, 'kpis', params] as const,
  detail: (scheduleId: number) => [...schedules, 'detail', scheduleId] as const,
  draftTasks: (page: number) => [...sharedKeys.tasks, 'draft', { page }] as const,
};

// The inspection report's query keys: one schedule's report and its shared links sit under that
// schedule's detail key (the tracker's `['schedules', 'detail', id]`), so a new answer, which
// refreshes the schedule, refreshes its report too; a report opened through a shared link has a
// root of its own.
const scheduleDetail = (scheduleId: number) => ['schedules', 'detail', scheduleId] as const;

export const inspectionKeys = {
  report: (scheduleId: number) => [...scheduleDetail(scheduleId), 'inspection-report'] as const,
  shares: (scheduleId: number) => [...scheduleDetail(scheduleId), 'inspection-shares'] as const,
  shared: (token: string) => ['shared-inspections', token] as const,
};

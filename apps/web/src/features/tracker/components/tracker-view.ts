// The tracker's view, kept in the address so a link or a reload shows the same list:
// ?scope=all (All Tasks; My Tasks without it), ?tab= (status tab), ?period= and ?page=.
import type { ScheduleStatus } from '@fieldops/shared/enums';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { addDays } from '../../../lib/business-time.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { usePageParam, useSearchParam } from '../../../lib/url-state.ts';
import type { ScheduleListParams } from '../api/schedule-list-params.ts';

export const SCOPES = ['mine', 'all'] as const;
export type Scope = (typeof SCOPES)[number];

export const TRACKER_TABS = ['all', 'done', 'late', 'missed', 'inProgress', 'pending', 'draft', 'next'] as const;
export type TrackerTab = (typeof TRACKER_TABS)[number];

export const PERIODS = ['today', 'last7', 'last30'] as const;
export type Period = (typeof PERIODS)[number];

const PERIOD_DAYS: Record<Period, number> = { today: 1, last7: 7, last30: 30 };

const STATUS_OF_TAB: Partial<Record<TrackerTab, ScheduleStatus>> = {
  done: 'done',
  late: 'late',
  missed: 'missed',
  inProgress: 'inProgress',
  pending: 'pending',
};

/** Tabs that list started schedules within the period filter. */
export const isDueTab = (tab: TrackerTab) => tab !== 'draft' && tab !== 'next';

const pick = <T extends string>(values: readonly T[], raw: string, fallback: T): T => ((values as readonly string[]).includes(raw) ? (raw as T) : fallback);

/** The period as calendar days of the business's zone, ending today. */
export function periodRange(period: Period, today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, 1 - PERIOD_DAYS[period]), endDate: today };
}

/** Upcoming schedules are listed this many days ahead at most, as the engine makes them. */
const NEXT_DAYS = 14;

/** The days whose holidays a tab speaks of: the period's, or the coming two weeks' on Next. */
export function holidayRange(tab: TrackerTab, period: Period, today: string): { from: string; to: string } {
  if (tab === 'next') return { from: today, to: addDays(today, NEXT_DAYS - 1) };
  const { startDate, endDate } = periodRange(period, today);
  return { from: startDate, to: endDate };
}

/** What a schedule tab sends: started ones newest first, upcoming ones soonest first. */
export function listParams(tab: TrackerTab, period: Period, today: string, page: number): ScheduleListParams {
  const base = { page, size: DEFAULT_PAGE_SIZE, withActionCalculations: true };
  if (tab === 'next') return { ...base, timing: 'NEXT', sort: 'start,asc' };
  return { ...base, timing: 'DUE', sort: 'start,desc', status: STATUS_OF_TAB[tab], ...periodRange(period, today) };
}

export function useTrackerView() {
  const { managesAnySite } = useAccess();
  const [scopeParam, setScopeParam] = useSearchParam('scope');
  const [tabParam, setTabParam] = useSearchParam('tab');
  const [periodParam, setPeriodParam] = useSearchParam('period');
  const [page, setPage] = usePageParam();

  // A member who supervises no site only ever sees their own schedules.
  const canSeeAll = managesAnySite;
  const scope: Scope = canSeeAll && scopeParam === 'all' ? 'all' : 'mine';
  // Tasks without a plan are nobody's yet, so Draft belongs to All Tasks.
  const requested = pick(TRACKER_TABS, tabParam, 'all');
  const tab: TrackerTab = requested === 'draft' && scope !== 'all' ? 'all' : requested;
  const period = pick(PERIODS, periodParam, 'today');

  return {
    canSeeAll,
    scope,
    tab,
    period,
    page,
    setScope: (next: Scope) => setScopeParam(next === 'all' ? 'all' : null),
    setTab: (next: TrackerTab) => setTabParam(next === 'all' ? null : next),
    setPeriod: (next: Period) => setPeriodParam(next === 'today' ? null : next),
    setPage,
  };
}
export type TrackerView = ReturnType<typeof useTrackerView>;

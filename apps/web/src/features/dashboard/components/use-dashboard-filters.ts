// The dashboard's filters, kept in the address: the date preset (?range=) and at most one of
// project (?project=), site (?site=) or member (?user=), since the stats call takes one. The
// same choice narrows the KPI calls as a one-item list.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { DatePreset } from '../../../lib/reports/date-presets.ts';
import { useDatePreset } from '../../../lib/reports/date-presets.ts';
import type { StatsParams } from '../../../lib/reports/get-business-stats.ts';
import type { ReportFilter } from '../../../lib/reports/report-filter.ts';

export const SCOPE_PARAMS = ['project', 'site', 'user'] as const;
export type ScopeParam = (typeof SCOPE_PARAMS)[number];

export interface DashboardScope {
  param: ScopeParam;
  id: number;
}

function positiveId(raw: string | null): number | undefined {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The first valid scope in the address (a hand-written address may hold more than one). */
export function readScope(params: URLSearchParams): DashboardScope | null {
  for (const param of SCOPE_PARAMS) {
    const id = positiveId(params.get(param));
    if (id !== undefined) return { param, id };
  }
  return null;
}

export function scopeFilter(scope: DashboardScope | null): Pick<ReportFilter, 'projects' | 'teams' | 'users'> {
  if (!scope) return {};
  if (scope.param === 'project') return { projects: [scope.id] };
  if (scope.param === 'site') return { teams: [scope.id] };
  return { users: [scope.id] };
}

export function scopeStats(scope: DashboardScope | null): Pick<StatsParams, 'projectId' | 'teamId' | 'userId'> {
  if (!scope) return {};
  if (scope.param === 'project') return { projectId: scope.id };
  if (scope.param === 'site') return { teamId: scope.id };
  return { userId: scope.id };
}

export interface DashboardFilters {
  preset: DatePreset;
  setPreset: (preset: DatePreset) => void;
  range: ReportFilter;
  scope: DashboardScope | null;
  /** Narrows by one project, site or member (null clears); the other two are dropped. */
  setScope: (param: ScopeParam, id: number | null) => void;
  filter: ReportFilter;
  stats: StatsParams;
}

export function useDashboardFilters(): DashboardFilters {
  const { preset, range, setPreset } = useDatePreset();
  const [params, setParams] = useSearchParams();
  const scope = readScope(params);

  const setScope = useCallback(
    (param: ScopeParam, id: number | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of SCOPE_PARAMS) next.delete(name);
          if (id !== null) next.set(param, String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    preset,
    setPreset,
    range,
    scope,
    setScope,
    filter: { ...range, ...scopeFilter(scope) },
    stats: { ...range, ...scopeStats(scope) },
  };
}

// The submissions filters, kept in the address so a link or a reload shows the same answers:
//   ?from=2025-03-01&to=2025-03-31  dates of the business's time zone, both ends inclusive
//   &projects=1,2&sites=3&member=7&task=9&tag=2&delayed=1 (only answers that arrived after a delay)
// `matchesFilters` applies the same filters to an answer that arrives on the live feed.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { deliveryDelayMinutes, type ActionResult } from '@fieldops/shared/answers';
import { zonedDay } from '../../lib/business-time.ts';
import { parseIds } from '../../lib/url-state.ts';

export interface SubmissionFilters {
  startDate: string | null;
  endDate: string | null;
  projects: number[];
  sites: number[];
  member: number | null;
  task: number | null;
  tag: number | null;
  /** Only answers that arrived after a delay: taken half an hour or more before they arrived. */
  delayed: boolean;
}

export const EMPTY_FILTERS: SubmissionFilters = {
  startDate: null,
  endDate: null,
  projects: [],
  sites: [],
  member: null,
  task: null,
  tag: null,
  delayed: false,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_PARAMS = ['from', 'to', 'projects', 'sites', 'member', 'task', 'tag', 'delayed'] as const;

const day = (value: string | null) => (value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);
const oneId = (value: string | null) => parseIds(value ?? '')[0] ?? null;

export function readFilters(params: URLSearchParams): SubmissionFilters {
  let startDate = day(params.get('from'));
  let endDate = day(params.get('to'));
  if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
  return {
    startDate,
    endDate,
    projects: parseIds(params.get('projects') ?? ''),
    sites: parseIds(params.get('sites') ?? ''),
    member: oneId(params.get('member')),
    task: oneId(params.get('task')),
    tag: oneId(params.get('tag')),
    delayed: params.get('delayed') === '1',
  };
}

export function writeFilters(params: URLSearchParams, filters: SubmissionFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  next.delete('page');
  const set = (name: string, value: string | null) => {
    if (value) next.set(name, value);
  };
  set('from', filters.startDate);
  set('to', filters.endDate);
  set('projects', filters.projects.join(','));
  set('sites', filters.sites.join(','));
  set('member', filters.member === null ? null : String(filters.member));
  set('task', filters.task === null ? null : String(filters.task));
  set('tag', filters.tag === null ? null : String(filters.tag));
  set('delayed', filters.delayed ? '1' : null);
  return next;
}

export function hasFilters(filters: SubmissionFilters): boolean {
  return Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== false));
}

export function useSubmissionFilters(): [SubmissionFilters, (patch: Partial<SubmissionFilters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const key = FILTER_PARAMS.map((name) => params.get(name) ?? '').join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds every filter parameter
  const filters = useMemo(() => readFilters(params), [key]);
  const update = useCallback(
    (patch: Partial<SubmissionFilters>) => setParams((current) => writeFilters(current, { ...readFilters(current), ...patch }), { replace: true }),
    [setParams],
  );
  const clear = useCallback(() => setParams((current) => writeFilters(current, EMPTY_FILTERS), { replace: true }), [setParams]);
  return [filters, update, clear];
}

export interface LiveMatchContext {
  timeZone: string;
  /** The project of a site, when known. */
  projectOfSite: (siteId: number) => number | null;
  /** The actions of the chosen tag; null while they load (then nothing matches a tag filter). */
  tagActions: ReadonlySet<number> | null;
}

/** Whether an answer from the live feed belongs in the filtered list. */
export function matchesFilters(answer: ActionResult, filters: SubmissionFilters, context: LiveMatchContext): boolean {
  if (filters.startDate || filters.endDate) {
    const answeredOn = zonedDay(answer.createdDate, context.timeZone);
    if (filters.startDate && answeredOn < filters.startDate) return false;
    if (filters.endDate && answeredOn > filters.endDate) return false;
  }
  if (filters.sites.length > 0 && !filters.sites.includes(answer.teamId)) return false;
  if (filters.projects.length > 0) {
    const project = context.projectOfSite(answer.teamId);
    if (project === null || !filters.projects.includes(project)) return false;
  }
  if (filters.member !== null && answer.userId !== filters.member) return false;
  if (filters.task !== null && answer.taskId !== filters.task) return false;
  if (filters.tag !== null && !context.tagActions?.has(answer.action.id)) return false;
  if (filters.delayed && deliveryDelayMinutes(answer) === null) return false;
  return true;
}

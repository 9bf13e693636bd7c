// The SLA report (packages/shared/sla-report.ts): the share of first responses and resolutions
// on time, their median working minutes and the breaches, over the whole range and per
// category, priority, site and project. Owners and admins see the business's tickets; a
// supervisor the tickets they see on the board (their sites', and those they created or hold);
// other members have no SLA report.
import type { z } from 'zod';
import { TICKET_PRIORITIES } from '@fieldops/shared/enums';
import { SLA_BREACH_LIMIT, type SlaBreach, type SlaFigures, type SlaGroup, type SlaReport, type slaReportQuery } from '@fieldops/shared/sla-report';
import type { Db } from '../../../db/client.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { addDays, dayStart, resolveRange } from '../../workflow/reports/report-range.ts';
import { findGroupNames, findSlaBreaches, findSlaFigures, type BreachRow, type FigureRow, type GroupNames, type SlaScope } from './sla-report.repository.ts';

type Query = z.output<typeof slaReportQuery>;

const n = (v: unknown) => Number(v ?? 0);
const idOf = (v: string | number | null) => (v === null ? null : Number(v));
/** part / whole as a percentage with one decimal; null when nothing counts. */
const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const minutesOf = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function figuresOf(row: FigureRow | undefined): SlaFigures {
  const frMet = n(row?.fr_met);
  const frBreached = n(row?.fr_breached);
  const resMet = n(row?.res_met);
  const resBreached = n(row?.res_breached);
  return {
    created: n(row?.created),
    resolved: n(row?.resolved),
    firstResponseMet: frMet,
    firstResponseBreached: frBreached,
    firstResponseMetPercent: percentOf(frMet, frMet + frBreached),
    resolutionMet: resMet,
    resolutionBreached: resBreached,
    resolutionMetPercent: percentOf(resMet, resMet + resBreached),
    medianFirstResponseMinutes: minutesOf(row?.fr_median ?? null),
    medianResolutionMinutes: minutesOf(row?.res_median ?? null),
    breaches: frBreached + resBreached,
  };
}

const blank = { id: null, priority: null, name: null, nameEn: null, nameAr: null };
/** Most tickets first, then by id; the group of tickets without one last. */
const byVolume = (a: SlaGroup, b: SlaGroup) =>
  (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || b.created + b.resolved - (a.created + a.resolved) || (a.id ?? 0) - (b.id ?? 0);
/** The most urgent first. */
const PRIORITY_ORDER = [...TICKET_PRIORITIES].reverse();

function groupsOf(rows: FigureRow[], names: GroupNames) {
  const grouped = (key: 'g_category' | 'g_priority' | 'g_team' | 'g_project') => rows.filter((row) => Number(row[key]) === 0);
  const byCategory = grouped('g_category').map((row): SlaGroup => {
    const id = idOf(row.category_id);
    const name = id === null ? undefined : names.categories.get(id);
    return { ...figuresOf(row), ...blank, id, nameEn: name?.nameEn ?? null, nameAr: name?.nameAr ?? null };
  });
  const byPriority = grouped('g_priority')
    .map((row): SlaGroup => ({ ...figuresOf(row), ...blank, priority: row.priority }))
    .sort((a, b) => PRIORITY_ORDER.indexOf(a.priority ?? 'NO_PRIORITY') - PRIORITY_ORDER.indexOf(b.priority ?? 'NO_PRIORITY'));
  const named = (key: 'g_team' | 'g_project', column: 'team_id' | 'project_id', found: Map<number, string>) =>
    grouped(key)
      .map((row): SlaGroup => {
        const id = idOf(row[column]);
        return { ...figuresOf(row), ...blank, id, name: id === null ? null : (found.get(id) ?? null) };
      })
      .sort(byVolume);
  return {
    byCategory: byCategory.sort(byVolume),
    byPriority,
    bySite: named('g_team', 'team_id', names.sites),
    byProject: named('g_project', 'project_id', names.projects),
  };
}

function toBreach(row: BreachRow): SlaBreach {
  const dueAt = row.due_at === null ? null : iso(row.due_at);
  const metAt = iso(row.met_at);
  const agentId = idOf(row.agent_id);
  return {
    ticketId: Number(row.ticket_id),
    title: row.title,
    status: row.status,
    priority: row.priority,
    target: row.target,
    dueAt,
    metAt,
    lateMinutes: dueAt === null ? null : Math.max(0, Math.round((Date.parse(metAt) - Date.parse(dueAt)) / 60_000)),
    category:
      row.category_id !== null && row.category_name_en !== null && row.category_name_ar !== null
        ? { id: Number(row.category_id), nameEn: row.category_name_en, nameAr: row.category_name_ar }
        : null,
    site: row.team_id !== null && row.team_name !== null ? { id: Number(row.team_id), name: row.team_name } : null,
    project: row.project_id !== null && row.project_name !== null ? { id: Number(row.project_id), name: row.project_name } : null,
    assignee:
      agentId !== null && row.agent_username !== null && row.agent_full_name !== null
        ? { id: agentId, username: row.agent_username, fullName: row.agent_full_name, avatar: row.agent_avatar }
        : null,
  };
}

const idsOf = (rows: FigureRow[], key: 'g_category' | 'g_team' | 'g_project', column: 'category_id' | 'team_id' | 'project_id') =>
  rows.flatMap((row) => (Number(row[key]) === 0 && row[column] !== null ? [Number(row[column])] : []));

export async function slaReport(db: Db, caller: Caller, query: Query, now = new Date()): Promise<SlaReport> {
  const access = await ticketAccessOf(db, caller);
  if (!access.canManage) throw forbidden();
  const range = resolveRange(query, caller.timeZone, now);
  const scope: SlaScope = {
    businessId: caller.businessId,
    view: access.scope,
    projects: query.projects,
    teams: query.teams,
    from: dayStart(range, range.startDate),
    to: dayStart(range, addDays(range.endDate, 1)),
  };
  const [rows, breachRows] = await Promise.all([findSlaFigures(db, scope), findSlaBreaches(db, scope, SLA_BREACH_LIMIT)]);
  const names = await findGroupNames(db, caller.businessId, {
    categories: idsOf(rows, 'g_category', 'category_id'),
    sites: idsOf(rows, 'g_team', 'team_id'),
    projects: idsOf(rows, 'g_project', 'project_id'),
  });
  const totals = figuresOf(rows.find((row) => [row.g_category, row.g_priority, row.g_team, row.g_project].every((g) => Number(g) === 1)));
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone: range.timeZone,
    totals,
    ...groupsOf(rows, names),
    breaches: breachRows.map(toBreach),
    breachesTotal: totals.breaches,
  };
}

// The SLA report's queries: one pass over the tickets created or resolved in the range that
// sums every grouping at once (grouping sets, medians by percentile_cont), the newest breaches,
// and the names of the groups. Every query is scoped by business, and by the caller's view of
// the tickets (policies/tickets.ts) when it is narrower.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import type { SlaTarget } from '@fieldops/shared/sla-report';
import { bigintArray, rowsOf, type Db } from '../../../db/client.ts';
import { projects, teams, users } from '../../../db/schema.ts';
import { ticketCategories, tickets } from '../../../db/schema-helpdesk.ts';

/** The tickets a report reads: the business's, seen by the caller, in the projects and sites asked for. */
export interface SlaScope {
  businessId: number;
  /** The caller's view of the tickets; undefined for owners and admins. */
  view: SQL | undefined;
  projects?: number[];
  teams?: number[];
  /** The range's first instant (inclusive) and the instant after its last day (exclusive). */
  from: SQL;
  to: SQL;
}

function scopeConditions(scope: SlaScope): SQL {
  const parts: (SQL | undefined)[] = [
    sql`${tickets.businessId} = ${scope.businessId}`,
    scope.view,
    scope.projects ? sql`${tickets.projectId} = any(${bigintArray(scope.projects)})` : undefined,
    scope.teams ? sql`${tickets.teamId} = any(${bigintArray(scope.teams)})` : undefined,
  ];
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined).map((p) => sql`(${p})`),
    sql` and `,
  );
}

const createdIn = (scope: SlaScope) => sql`(${tickets.createdDate} >= ${scope.from} and ${tickets.createdDate} < ${scope.to})`;
const resolvedIn = (scope: SlaScope) => sql`(${tickets.resolvedAt} >= ${scope.from} and ${tickets.resolvedAt} < ${scope.to})`;

export interface FigureRow {
  g_category: number;
  g_priority: number;
  g_team: number;
  g_project: number;
  category_id: string | number | null;
  priority: TicketPriority | null;
  team_id: string | number | null;
  project_id: string | number | null;
  created: string | number;
  resolved: string | number;
  fr_met: string | number;
  fr_breached: string | number;
  res_met: string | number;
  res_breached: string | number;
  fr_median: string | number | null;
  res_median: string | number | null;
}

type Grouping = 'category_id' | 'priority' | 'team_id' | 'project_id';
const ALL_GROUPINGS: Grouping[] = ['category_id', 'priority', 'team_id', 'project_id'];

/**
 * `grouping()` of each column (1: not grouped by), then the columns, for the grouping sets given;
 * a column in none of them is a constant 1 and a null.
 */
function groupingColumns(sets: (Grouping | null)[]): SQL {
  const names = ['g_category', 'g_priority', 'g_team', 'g_project'];
  return sql.raw(
    [
      ...ALL_GROUPINGS.map((g, i) => (sets.includes(g) ? `grouping(${g})` : '1') + ` as ${names[i]}`),
      ...ALL_GROUPINGS.map((g) => (sets.includes(g) ? g : `null as ${g}`)),
    ].join(', '),
  );
}
const groupingSets = (sets: (Grouping | null)[]) => sql.raw(`grouping sets (${sets.map((g) => (g === null ? '()' : `(${g})`)).join(', ')})`);

/**
 * The figures of the whole range and of each category, priority, site and project: a ticket
 * counts for the first response when created in the range, for the resolution when resolved in
 * it. Medians sort each group's minutes, so the counts are taken in the same sorted passes rather
 * than in a pass of their own: two queries (the sites apart, the most groups), run side by side,
 * each on its own connection. `grouping()` tells the rows apart (1: the column is not grouped by).
 */
export async function findSlaFigures(db: Db, scope: SlaScope): Promise<FigureRow[]> {
  const t = tickets;
  const c = createdIn(scope);
  const r = resolvedIn(scope);
  const picked = sql`
    select ${t.categoryId} as category_id, ${t.priority} as priority, ${t.teamId} as team_id, ${t.projectId} as project_id,
      ${c} as c, coalesce(${r}, false) as r,
      ${t.firstResponseMinutes} as fr_minutes, ${t.firstResponseBreached} as fr_breached,
      ${t.resolutionMinutes} as res_minutes, ${t.resolutionBreached} as res_breached
    from ${t}
    where ${scopeConditions(scope)} and (${c} or ${r})`;
  const figures = (sets: (Grouping | null)[]) =>
    db.execute(sql`
      select ${groupingColumns(sets)},
        count(*) filter (where c) as created,
        count(*) filter (where r) as resolved,
        count(*) filter (where c and fr_breached = false) as fr_met,
        count(*) filter (where c and fr_breached) as fr_breached,
        count(*) filter (where r and res_breached = false) as res_met,
        count(*) filter (where r and res_breached) as res_breached,
        percentile_cont(0.5) within group (order by fr_minutes) filter (where c) as fr_median,
        percentile_cont(0.5) within group (order by res_minutes) filter (where r) as res_median
      from (${picked}) picked
      group by ${groupingSets(sets)}`);
  const results = await Promise.all([figures([null, 'category_id', 'priority', 'project_id']), figures(['team_id'])]);
  return results.flatMap((result) => rowsOf<FigureRow>(result));
}

export interface BreachRow {
  ticket_id: string | number;
  title: string;
  status: TicketStatus;
  priority: TicketPriority;
  target: SlaTarget;
  due_at: Date | string | null;
  met_at: Date | string;
  category_id: string | number | null;
  category_name_en: string | null;
  category_name_ar: string | null;
  team_id: string | number | null;
  team_name: string | null;
  project_id: string | number | null;
  project_name: string | null;
  agent_id: string | number | null;
  agent_username: string | null;
  agent_full_name: string | null;
  agent_avatar: string | null;
}

/**
 * The newest `limit` breaches, by when the late response or resolution came: late first
 * responses of the tickets created in the range, late resolutions of those resolved in it.
 */
export async function findSlaBreaches(db: Db, scope: SlaScope, limit: number): Promise<BreachRow[]> {
  const t = tickets;
  const where = scopeConditions(scope);
  const result = await db.execute(sql`
    select b.ticket_id, k.title, k.status, k.priority, b.target, b.due_at, b.met_at,
      k.category_id, c.name_en as category_name_en, c.name_ar as category_name_ar, k.team_id, s.name as team_name, k.project_id, p.name as project_name,
      k.agent_id, u.username as agent_username, u.full_name as agent_full_name, u.avatar as agent_avatar
    from (
      (select ${t.id} as ticket_id, 'FIRST_RESPONSE' as target, ${t.firstResponseDueAt} as due_at, ${t.firstRespondedAt} as met_at
        from ${t} where ${where} and ${createdIn(scope)} and ${t.firstResponseBreached} and ${t.firstRespondedAt} is not null
        order by ${t.firstRespondedAt} desc, ${t.id} desc limit ${limit})
      union all
      (select ${t.id}, 'RESOLUTION', ${t.resolutionDueAt}, ${t.resolvedAt}
        from ${t} where ${where} and ${resolvedIn(scope)} and ${t.resolutionBreached}
        order by ${t.resolvedAt} desc, ${t.id} desc limit ${limit})
    ) b
    join ${t} k on k.id = b.ticket_id
    left join ${ticketCategories} c on c.id = k.category_id and c.business_id = k.business_id
    left join ${teams} s on s.id = k.team_id
    left join ${projects} p on p.id = k.project_id
    left join ${users} u on u.id = k.agent_id
    order by b.met_at desc, b.ticket_id desc, b.target
    limit ${limit}`);
  return rowsOf<BreachRow>(result);
}

export interface GroupNames {
  categories: Map<number, { nameEn: string; nameAr: string }>;
  sites: Map<number, string>;
  projects: Map<number, string>;
}

/** The names of the categories, sites and projects the figures group by (of the business only). */
export async function findGroupNames(db: Db, businessId: number, ids: { categories: number[]; sites: number[]; projects: number[] }): Promise<GroupNames> {
  const [categoryRows, siteRows, projectRows] = await Promise.all([
    ids.categories.length === 0
      ? []
      : db
          .select({ id: ticketCategories.id, nameEn: ticketCategories.nameEn, nameAr: ticketCategories.nameAr })
          .from(ticketCategories)
          .where(and(eq(ticketCategories.businessId, businessId), inArray(ticketCategories.id, ids.categories))),
    ids.sites.length === 0
      ? []
      : db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(and(eq(teams.businessId, businessId), inArray(teams.id, ids.sites))),
    ids.projects.length === 0
      ? []
      : db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(and(eq(projects.businessId, businessId), inArray(projects.id, ids.projects))),
  ]);
  return {
    categories: new Map(categoryRows.map((row) => [row.id, { nameEn: row.nameEn, nameAr: row.nameAr }])),
    sites: new Map(siteRows.map((row) => [row.id, row.name])),
    projects: new Map(projectRows.map((row) => [row.id, row.name])),
  };
}

// Tickets for the SLA benchmark: `count` tickets of one business spread over the `days` up to now,
// in every status, priority, category, site and project, with the SLA facts the status flow keeps
// (due times, when responded and resolved, working minutes, breached or not), written set-based
// (INSERT … SELECT over generate_series). Randomness comes from hashint8 over the ticket's number,
// so the same options give the same tickets.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

export interface TicketDataOptions {
  businessId: number;
  creatorId: number;
  count: number;
  days?: number;
  /** How many categories the business gets for them (default 6). */
  categories?: number;
}

/** A stable number in [0, 1) for the ticket `g` and a salt. */
const rnd = (salt: number) => sql`((hashint8(g::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** Working minutes allowed per priority (NO_PRIORITY, LOW, MEDIUM, HIGH, URGENT). */
const FIRST_RESPONSE_TARGETS = sql`array[480, 240, 120, 60, 30]`;
const RESOLUTION_TARGETS = sql`array[4320, 2880, 1440, 480, 240]`;

export async function generateTickets(db: Db, options: TicketDataOptions): Promise<void> {
  const { businessId: b, creatorId, count } = options;
  const days = options.days ?? 365;
  const categories = options.categories ?? 6;
  await db.execute(sql`
    insert into ticket_categories (business_id, name_en, name_ar)
    select ${b}, 'Category ' || g, 'الفئة ' || g from generate_series(1, ${categories}) g`);
  const pick = (list: string, salt: number) => sql`${sql.raw(list)}[1 + floor(${rnd(salt)} * cardinality(${sql.raw(list)}))::int]`;
  // Each ticket: its place, priority and category, when it was created, its targets (none for one
  // in ten), how long its response and resolution took, and whether it is resolved by now.
  const base: SQL = sql`
    select g, i.site, i.project, i.agent, i.category, i.priority, i.p, i.created, i.fr_target, i.res_target,
      i.fr_minutes, i.res_minutes, i.state
    from generate_series(1, ${count}) g
    cross join (select array_agg(id order by id) as sites, array_agg(project_id order by id) as projects from teams where business_id = ${b}) s
    cross join (select array_agg(user_id order by user_id) as agents from business_members where business_id = ${b}) u
    cross join (select array_agg(id order by id) as ids from ticket_categories where business_id = ${b}) c
    cross join lateral (
      select k.site_index, s.sites[k.site_index] as site, s.projects[k.site_index] as project,
        ${pick('u.agents', 3)} as agent,
        case when ${rnd(4)} < 0.05 then null else ${pick('c.ids', 5)} end as category,
        k.p, (array['NO_PRIORITY', 'LOW', 'MEDIUM', 'HIGH', 'URGENT'])[k.p] as priority,
        now() - (${days} * interval '1 day') * (1 - g::float8 / ${count}) - interval '1 minute' * floor(${rnd(6)} * 600) as created,
        case when ${rnd(7)} < 0.1 then null else (${FIRST_RESPONSE_TARGETS})[k.p] end as fr_target,
        case when ${rnd(7)} < 0.1 then null else (${RESOLUTION_TARGETS})[k.p] end as res_target,
        floor((${FIRST_RESPONSE_TARGETS})[k.p] * (0.1 + ${rnd(8)} * 1.4))::int as fr_minutes,
        floor((${RESOLUTION_TARGETS})[k.p] * (0.1 + ${rnd(9)} * 1.5))::int as res_minutes,
        ${rnd(10)} as state
      from (select case when ${rnd(1)} < 0.05 then null else 1 + floor(${rnd(2)} * cardinality(s.sites))::int end as site_index,
        1 + floor(${rnd(11)} * 5)::int as p) k
    ) i`;
  await db.execute(sql`
    insert into tickets (business_id, title, description, category_id, priority, status, project_id, team_id, agent_id, creator_id,
      created_date, updated_date, first_response_due_at, first_responded_at, resolution_due_at, resolved_at,
      first_response_minutes, resolution_minutes, first_response_breached, resolution_breached)
    select ${b}, 'Ticket ' || g, 'Generated for the SLA benchmark', category, priority, status, project, site, agent, ${creatorId},
      created, coalesce(resolved_at, responded_at, created),
      created + fr_target * interval '1 minute',
      responded_at,
      -- Open: due on the clock (paused while on hold); resolved: kept when it was late, else cleared.
      case when res_target is null or status = 'ON_HOLD' then null
        when resolved_at is null then created + res_target * interval '1 minute'
        when res_minutes > res_target then created + res_target * interval '1 minute' end,
      resolved_at,
      case when responded_at is null then null else fr_minutes end,
      case when resolved_at is null then null else res_minutes end,
      case when fr_target is null or responded_at is null then null else fr_minutes > fr_target end,
      case when res_target is null or resolved_at is null then null else res_minutes > res_target end
    from (
      select t.*,
        case when t.status = 'NEW' then null else t.created + t.fr_minutes * interval '1 minute' end as responded_at,
        case when t.status in ('RESOLVED', 'CLOSED') then t.created + t.res_minutes * interval '1 minute' end as resolved_at
      from (
        select x.*,
          case when x.created + x.res_minutes * interval '1 minute' < now() and x.state < 0.8 then (case when x.state < 0.4 then 'CLOSED' else 'RESOLVED' end)
            when x.created + x.fr_minutes * interval '1 minute' >= now() or x.state < 0.85 then 'NEW'
            when x.state < 0.95 then 'IN_PROGRESS' else 'ON_HOLD' end as status
        from (${base}) x
      ) t
    ) y`);
}

// A plan's status (DESIGN §6), computed in SQL so that lists can filter and count by it in the
// database. Dates are compared with today in the business's time zone.
import { sql, type SQL } from 'drizzle-orm';
import type { ExecutionStatus } from '@fieldops/shared/enums';
import type { PlanStatusFilter } from '@fieldops/shared/plans';
import { businesses } from '../../../db/schema.ts';
import { executionPlans as p } from '../../../db/schema-schedules.ts';

/**
 * The first rule that holds wins: CANCELED, PAUSED, INACTIVE (a member's plan whose member left
 * the plan's site, or a group none of whose members is still there, or a whole-site pool's empty site), COMPLETED (past its end
 * date; a ONCE plan past its start date), UPCOMING (starts after today), RUNNING (one of its
 * schedules is open now: started, not ended, neither done nor missed), else ACTIVE.
 * Needs `businesses` joined to the plan.
 */
export function planStatusSql(now: Date): SQL<ExecutionStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone ${businesses.timeZone})::date`;
  const openNow = sql`s.start <= ${at} and s."end" > ${at} and s.status in ('pending', 'inProgress')`;
  return sql<ExecutionStatus>`case
    when ${p.canceled} then 'CANCELED'
    when ${p.paused} then 'PAUSED'
    when case when ${p.userId} is null
      then not exists (
        select 1 from execution_plans c
        join team_members tm on tm.team_id = c.team_id and tm.user_id = c.user_id
        where c.parent_id = ${p.id})
        -- A pool of the whole site (a pooled plan naming nobody) lasts while the site has a member.
        and not (${p.pooled} and not exists (select 1 from execution_plans c where c.parent_id = ${p.id})
          and exists (select 1 from team_members tm where tm.team_id = ${p.teamId}))
      else not exists (select 1 from team_members tm where tm.team_id = ${p.teamId} and tm.user_id = ${p.userId})
    end then 'INACTIVE'
    when (case when ${p.scheduleType} = 'ONCE' then ${p.startDate} else coalesce(${p.endDate}, 'infinity'::date) end) < ${today}
      then 'COMPLETED'
    when ${p.startDate} > ${today} then 'UPCOMING'
    when exists (select 1 from schedules s where s.plan_id = ${p.id} and ${openNow})
      or exists (
        select 1 from execution_plans c join schedules s on s.plan_id = c.id
        where c.parent_id = ${p.id} and ${openNow})
      then 'RUNNING'
    else 'ACTIVE'
  end`;
}

/**
 * The status a list filter lets through: exactly the plans in that status (a RUNNING plan is not
 * also ACTIVE). Paused, canceled and inactive plans show only under ALL.
 */
export const FILTER_STATUSES: Record<Exclude<PlanStatusFilter, 'ALL'>, ExecutionStatus[]> = {
  COMPLETED: ['COMPLETED'],
  RUNNING: ['RUNNING'],
  ACTIVE: ['ACTIVE'],
  UPCOMING: ['UPCOMING'],
};

export function statusFilterSql(now: Date, filter: PlanStatusFilter): SQL | undefined {
  if (filter === 'ALL') return undefined;
  const wanted = FILTER_STATUSES[filter].map((s) => sql`${s}`);
  return sql`(${planStatusSql(now)}) in (${sql.join(wanted, sql`, `)})`;
}

// Who sees and who changes which execution plans (DESIGN §4): owners and admins all of their
// business's plans; a site supervisor the plans of the sites they supervise (and their own); a
// member only their own plans and the groups they belong to. Plans a caller may not see answer
// 404 like plans of another business. Changes need a manager of the plan's site.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { executionPlans as p } from '../db/schema-schedules.ts';
import { isAdmin } from '../plugins/auth.ts';
import type { Caller } from './caller.ts';
import { requireSiteManager, supervisedTeamIds } from './sites.ts';

/** What a caller sees: everything, or the supervised sites plus their own plans. */
export type PlanView = { all: true } | { all: false; userId: number; teamIds: number[] };

export async function planViewOf(db: Db, caller: Caller): Promise<PlanView> {
  if (isAdmin(caller)) return { all: true };
  return { all: false, userId: caller.userId, teamIds: await supervisedTeamIds(db, caller.businessId, caller.userId) };
}

/** The condition on `execution_plans` for the plans `view` may see; undefined for all. */
export function visiblePlansSql(view: PlanView): SQL | undefined {
  if (view.all) return undefined;
  const supervised = view.teamIds.length
    ? sql`${p.teamId} = any(ARRAY[${sql.join(
        view.teamIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]) or`
    : sql``;
  return sql`(${supervised} ${p.userId} = ${view.userId}
    or (${p.userId} is null and exists (select 1 from execution_plans own where own.parent_id = ${p.id} and own.user_id = ${view.userId})))`;
}

/** Refuses with 403 unless the caller manages the plan's site. */
export async function requirePlanManager(db: Db, caller: Caller, teamId: number) {
  await requireSiteManager(db, caller, [teamId]);
}

// Who sees which schedules and answers (DESIGN §4): owners and admins everything of the
// business; anyone else their own, plus everything of the sites they supervise; a member signed in
// on a shared kiosk their own only. Lists are
// filtered by this scope and a row outside it answers 404, so nothing of it leaks.
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';
import { isAdmin } from '../plugins/auth.ts';
import type { Caller } from './caller.ts';
import { supervisedTeamIds } from './sites.ts';

export interface ViewScope {
  businessId: number;
  userId: number;
  timeZone: string;
  /** Owners and admins see the whole business. */
  all: boolean;
  /** The sites the caller supervises (empty for owners and admins: they need none). */
  supervised: number[];
}

export async function viewScopeOf(db: Db, caller: Caller): Promise<ViewScope> {
  const base = { businessId: caller.businessId, userId: caller.userId, timeZone: caller.timeZone };
  // On a shared kiosk a member sees their own schedules only, whatever they supervise elsewhere.
  if (caller.kioskId !== undefined) return { ...base, all: false, supervised: [] };
  if (isAdmin(caller)) return { ...base, all: true, supervised: [] };
  return { ...base, all: false, supervised: await supervisedTeamIds(db, caller.businessId, caller.userId) };
}

/** The condition a row (with a site and a member) must meet to be seen; undefined when all are. */
export function scopeCondition(scope: ViewScope, teamColumn: AnyPgColumn, userColumn: AnyPgColumn): SQL | undefined {
  if (scope.all) return undefined;
  return or(eq(userColumn, scope.userId), scope.supervised.length > 0 ? inArray(teamColumn, scope.supervised) : undefined);
}

/** Whether the caller manages what happens at a site: owners, admins and its supervisors. */
export const managesSite = (scope: ViewScope, teamId: number) => scope.all || scope.supervised.includes(teamId);

/** Refuses with 403 anyone who manages no site at all (a plain member). */
export function requireSomeManagement(scope: ViewScope) {
  if (!scope.all && scope.supervised.length === 0) throw forbidden();
}

// The names a KPI list shows for its entities (one query for a whole page), and the lookup of one
// entity of the caller's business for its standing.
import { and, eq, inArray } from 'drizzle-orm';
import type { KpiKind } from '@fieldops/shared/reports';
import type { Db } from '../../db/client.ts';
import { businessMembers, projects, teams, users } from '../../db/schema.ts';
import { executionPlans } from '../../db/schema-schedules.ts';
import { tasks } from '../../db/schema-workflow.ts';

export interface EntityNames {
  id: number;
  name: string | null;
  nameEn: string | null;
  nameAr: string | null;
  context: string | null;
}

const named = (id: number, values: Partial<EntityNames>): EntityNames => ({ id, name: null, nameEn: null, nameAr: null, context: null, ...values });

/** The names of the entities of a kind among `ids`, all of the business. */
export async function findEntityNames(db: Db, businessId: number, kind: KpiKind, ids: number[]): Promise<Map<number, EntityNames>> {
  if (ids.length === 0) return new Map();
  let rows: EntityNames[];
  switch (kind) {
    case 'members':
      rows = (await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids))).map((r) => named(r.id, r));
      break;
    case 'teams':
      rows = (
        await db
          .select({ id: teams.id, name: teams.name, context: projects.name })
          .from(teams)
          .innerJoin(projects, eq(projects.id, teams.projectId))
          .where(and(eq(teams.businessId, businessId), inArray(teams.id, ids)))
      ).map((r) => named(r.id, r));
      break;
    case 'projects':
      rows = (
        await db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(and(eq(projects.businessId, businessId), inArray(projects.id, ids)))
      ).map((r) => named(r.id, r));
      break;
    case 'tasks':
      rows = (
        await db
          .select({ id: tasks.id, nameEn: tasks.nameEn, nameAr: tasks.nameAr })
          .from(tasks)
          .where(and(eq(tasks.businessId, businessId), inArray(tasks.id, ids)))
      ).map((r) => named(r.id, r));
      break;
    case 'schedules':
      rows = (
        await db
          .select({ id: executionPlans.id, nameEn: tasks.nameEn, nameAr: tasks.nameAr, context: teams.name })
          .from(executionPlans)
          .innerJoin(tasks, eq(tasks.id, executionPlans.taskId))
          .innerJoin(teams, eq(teams.id, executionPlans.teamId))
          .where(and(eq(executionPlans.businessId, businessId), inArray(executionPlans.id, ids)))
      ).map((r) => named(r.id, r));
      break;
  }
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The id under which an entity of the business is ranked, or null when the business has no
 * such entity. A member plan of a group is ranked as its group.
 */
export async function findRankedId(db: Db, businessId: number, kind: KpiKind, id: number): Promise<number | null> {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
  switch (kind) {
    case 'members': {
      const row = await first(
        db
          .select({ id: businessMembers.userId })
          .from(businessMembers)
          .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, id))),
      );
      return row?.id ?? null;
    }
    case 'teams':
      return (
        (
          await first(
            db
              .select({ id: teams.id })
              .from(teams)
              .where(and(eq(teams.businessId, businessId), eq(teams.id, id))),
          )
        )?.id ?? null
      );
    case 'projects':
      return (
        (
          await first(
            db
              .select({ id: projects.id })
              .from(projects)
              .where(and(eq(projects.businessId, businessId), eq(projects.id, id))),
          )
        )?.id ?? null
      );
    case 'tasks':
      return (
        (
          await first(
            db
              .select({ id: tasks.id })
              .from(tasks)
              .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id))),
          )
        )?.id ?? null
      );
    case 'schedules': {
      const row = await first(
        db
          .select({ id: executionPlans.id, parentId: executionPlans.parentId })
          .from(executionPlans)
          .where(and(eq(executionPlans.businessId, businessId), eq(executionPlans.id, id))),
      );
      return row ? (row.parentId ?? row.id) : null;
    }
  }
}

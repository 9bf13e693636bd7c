// The names a KPI list shows for its entities (joined to the ranked page in its one statement,
// or read for a few ids), and the lookup of one entity of the caller's business for its standing.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { KpiKind } from '@fieldops/shared/reports';
import { rowsOf, type Db } from '../../../db/client.ts';
import { businessMembers, projects, teams, users } from '../../../db/schema.ts';
import { executionPlans } from '../../../db/schema-schedules.ts';
import { tasks } from '../../../db/schema-workflow.ts';

export interface EntityNames {
  id: number;
  name: string | null;
  nameEn: string | null;
  nameAr: string | null;
  context: string | null;
}

/** The names of an entity of a kind of the business whose id is `key`, as one row (or none) to join laterally. */
export function entityNamesOf(kind: KpiKind, businessId: number, key: SQL): SQL {
  switch (kind) {
    case 'members':
      return sql`select ${users.fullName} as name, null::text as name_en, null::text as name_ar, null::text as context
        from ${users} where ${users.id} = ${key}`;
    case 'teams':
      return sql`select ${teams.name} as name, null::text as name_en, null::text as name_ar, ${projects.name} as context
        from ${teams} join ${projects} on ${projects.id} = ${teams.projectId} where ${teams.id} = ${key} and ${teams.businessId} = ${businessId}`;
    case 'projects':
      return sql`select ${projects.name} as name, null::text as name_en, null::text as name_ar, null::text as context
        from ${projects} where ${projects.id} = ${key} and ${projects.businessId} = ${businessId}`;
    case 'tasks':
      return sql`select null::text as name, ${tasks.nameEn} as name_en, ${tasks.nameAr} as name_ar, null::text as context
        from ${tasks} where ${tasks.id} = ${key} and ${tasks.businessId} = ${businessId}`;
    case 'schedules':
      return sql`select null::text as name, ${tasks.nameEn} as name_en, ${tasks.nameAr} as name_ar, ${teams.name} as context
        from ${executionPlans} join ${tasks} on ${tasks.id} = ${executionPlans.taskId} join ${teams} on ${teams.id} = ${executionPlans.teamId}
        where ${executionPlans.id} = ${key} and ${executionPlans.businessId} = ${businessId}`;
  }
}

export interface NameRow {
  name: unknown;
  name_en: unknown;
  name_ar: unknown;
  context: unknown;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The names read through `entityNamesOf`; all null when the entity has none. */
export const toEntityNames = (id: number, row: Partial<NameRow>): EntityNames => ({
  id,
  name: text(row.name),
  nameEn: text(row.name_en),
  nameAr: text(row.name_ar),
  context: text(row.context),
});

/** The names of the entities of a kind among `ids`, all of the business. */
export async function findEntityNames(db: Db, businessId: number, kind: KpiKind, ids: number[]): Promise<Map<number, EntityNames>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<NameRow & { id: unknown }>(
    await db.execute(sql`select k.id, n.* from unnest(${sql.param(ids)}::bigint[]) k(id)
      cross join lateral (${entityNamesOf(kind, businessId, sql`k.id`)}) n`),
  );
  return new Map(rows.map((r) => [Number(r.id), toEntityNames(Number(r.id), r)]));
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

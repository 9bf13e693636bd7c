// Queries on a business's API tokens, always scoped by business (the bearer's own look-up, by its
// hash, lives in lib/api-token-callers.ts).
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { apiTokens } from '../../../db/schema-integrations.ts';

type Page = { page: number; size: number };

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedIp: apiTokens.lastUsedIp,
  revokedAt: apiTokens.revokedAt,
  creatorId: users.id,
  creatorName: users.fullName,
};

/** Neither revoked nor expired. */
const live = () => and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)));

/** The business's live tokens, counted under a lock on the business's row so two creates cannot both pass the limit. */
export async function countLiveTokens(tx: Db, businessId: number) {
  await tx.execute(sql`select 1 from businesses where id = ${businessId} for update`);
  const [row] = await tx
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.businessId, businessId), live()));
  return row?.n ?? 0;
}

export async function insertToken(tx: Db, values: typeof apiTokens.$inferInsert) {
  const [row] = await tx.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  if (!row) throw new Error('the insert returned no row');
  return row.id;
}

/** One token of the business as the list shows it, or undefined. */
export async function findToken(db: Db, businessId: number, id: number) {
  const [row] = await db
    .select(listed)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.businessId, businessId), eq(apiTokens.id, id)));
  return row;
}

/** A page of the business's tokens, newest first, and how many there are. */
export async function findTokens(db: Db, businessId: number, { page, size }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listed)
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdBy))
      .where(eq(apiTokens.businessId, businessId))
      .orderBy(desc(apiTokens.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.businessId, businessId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ApiTokenRow = NonNullable<Awaited<ReturnType<typeof findToken>>>;

/** Revokes the token if it is not yet; answers whether this call revoked it. */
export async function revokeTokenRow(tx: Db, businessId: number, id: number) {
  const rows = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.businessId, businessId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

// Which API token a request's bearer is: looked up by its SHA-256 on every request (one read on a
// unique index, never kept in memory), so a token revoked or expired is refused at once by every
// instance. Its creator's role comes from lib/callers.ts, which every instance forgets as soon as
// the database announces a change: an administrator removed or demoted takes their tokens along.
import { eq, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, API_TOKEN_SHAPE, type ApiTokenScopes } from '@fieldops/shared/api-tokens';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { apiTokens } from '../db/schema-integrations.ts';
import { unauthorized } from './errors.ts';
import { hashKey } from './tokens.ts';

export interface ApiTokenCaller {
  id: number;
  name: string;
  businessId: number;
  /** The administrator who made it: the token acts as them. */
  userId: number;
  scopes: ApiTokenScopes;
}

/** How often a token's last use is written: at most once a minute per token, not once a request. */
const USED_EVERY = sql`interval '1 minute'`;

/** Whether a bearer credential is an API token (a session's token is a JWT, which never starts so). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * The live token `bearer` is, its creator still an activated account; 401 when it is malformed,
 * unknown, expired or revoked, all alike. Records the use (when and from where) once a minute.
 */
export async function admitApiToken(db: Db, bearer: string, ip: string | null): Promise<ApiTokenCaller> {
  if (!API_TOKEN_SHAPE.test(bearer)) throw unauthorized(MSG.apiTokenInvalid);
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      businessId: apiTokens.businessId,
      userId: apiTokens.createdBy,
      scopes: apiTokens.scopes,
      live: sql<boolean>`${apiTokens.revokedAt} is null and (${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
      creatorActive: sql<boolean>`coalesce(${users.activated}, false)`,
      usedLately: sql<boolean>`coalesce(${apiTokens.lastUsedAt} > now() - ${USED_EVERY}, false)`,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.tokenHash, hashKey(bearer)));
  if (!row || !row.live || row.userId === null || !row.creatorActive) throw unauthorized(MSG.apiTokenInvalid);
  if (!row.usedLately)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
      .where(eq(apiTokens.id, row.id));
  return { id: row.id, name: row.name, businessId: row.businessId, userId: row.userId, scopes: row.scopes };
}

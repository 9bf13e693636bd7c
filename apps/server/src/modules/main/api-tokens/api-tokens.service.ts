// A business's API tokens as its owners and administrators manage them: made with a name, scopes
// and an expiry and answered once (only the SHA-256 is kept, with the first characters to tell
// tokens apart), listed with their state and last use, and revoked at once. Making and revoking
// are recorded in the audit log, never with the token or its hash.
import crypto from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARS,
  MAX_ACTIVE_API_TOKENS,
  expiryOf,
  type ApiToken,
  type ApiTokenState,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@fieldops/shared/api-tokens';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { hashKey } from '../../../lib/tokens.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { countLiveTokens, findToken, findTokens, insertToken, revokeTokenRow, type ApiTokenRow } from './api-tokens.repository.ts';

type Page = { page: number; size: number };

/** A new token: the prefix and 32 random bytes (256 bits) in base64url. */
export const newApiToken = () => `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

function stateOf(row: ApiTokenRow, now = Date.now()): ApiTokenState {
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt && row.expiresAt.getTime() <= now ? 'EXPIRED' : 'ACTIVE';
}

function present(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    state: stateOf(row),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creatorId === null ? null : { id: row.creatorId, name: row.creatorName ?? '' },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a token: never the token or its hash. */
const described = (row: { name: string; prefix: string; scopes: Record<string, string>; expiresAt: Date | null }) => ({
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function createApiToken(db: Db, caller: Caller, body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  const token = newApiToken();
  const scopes = Object.fromEntries(Object.entries(body.scopes).filter((entry): entry is [string, 'read' | 'write'] => entry[1] !== undefined));
  const values = {
    businessId: caller.businessId,
    name: body.name.trim(),
    tokenHash: hashKey(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARS),
    scopes,
    expiresAt: expiryOf(body),
    createdBy: caller.userId,
  };
  const id = await db.transaction(async (tx) => {
    if ((await countLiveTokens(tx, caller.businessId)) >= MAX_ACTIVE_API_TOKENS) throw conflict(MSG.apiTokenLimit);
    const inserted = await insertToken(tx, values);
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'token.created',
      actorId: caller.userId,
      data: { target: { type: 'api_token', id: inserted, name: values.name }, after: described(values) },
    });
    return inserted;
  });
  const row = await findToken(db, caller.businessId, id);
  if (!row) throw new Error('the new token was not found');
  return { apiToken: present(row), token };
}

export async function listApiTokens(db: Db, caller: Caller, page: Page) {
  const { rows, total } = await findTokens(db, caller.businessId, page);
  return { items: rows.map(present), total };
}

/** Revokes the token at once (every instance reads tokens from the database on each request); revoking it again changes nothing. */
export async function revokeApiToken(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await findToken(tx, caller.businessId, id);
    if (!row) throw notFound(MSG.apiTokenNotFound);
    if (!(await revokeTokenRow(tx, caller.businessId, id))) return;
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'token.revoked',
      actorId: caller.userId,
      data: { target: { type: 'api_token', id, name: row.name }, before: described(row), after: { revokedAt: new Date().toISOString() } },
    });
  });
}

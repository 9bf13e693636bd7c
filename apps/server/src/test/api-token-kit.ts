// API tokens for tests: made through the API by an owner or administrator, and a caller that sends
// one as its bearer (and nothing else: no session, no X-Api-Key unless asked).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_TOKEN_AREAS, type ApiTokenScopes, type CreatedApiToken } from '@fieldops/shared/api-tokens';
import type { Caller } from './factories.ts';

/** Every area with write. */
export const WRITE_ALL: ApiTokenScopes = Object.fromEntries(API_TOKEN_AREAS.map((area) => [area, 'write']));

export interface TokenCaller {
  id: number;
  token: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function tokenCaller(app: FastifyInstance, id: number, token: string): TokenCaller {
  return {
    id,
    token,
    request: (options) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } }),
  };
}

/** A token made by `admin` through POST /api/v1/api-tokens, with an Idempotency-Key as the web app sends. */
export async function createApiToken(
  app: FastifyInstance,
  admin: Pick<Caller, 'request'>,
  body: { name?: string; scopes?: ApiTokenScopes; expiresInDays?: number; expiresAt?: string } = {},
): Promise<TokenCaller> {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/api-tokens',
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload: { name: 'Test token', scopes: WRITE_ALL, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`creating a token: ${res.statusCode} ${res.body}`);
  const created = res.json<CreatedApiToken>();
  return tokenCaller(app, created.apiToken.id, created.token);
}

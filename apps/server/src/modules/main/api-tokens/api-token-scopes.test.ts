// A token's scopes on every operation of the OpenAPI document, generated from the document so an
// operation added later is checked without anyone remembering to: a token without the operation's
// area is refused (403), a read token passes reads and is refused writes, a write token passes
// (whatever else the operation then says: a 404 or a 400 is fine, a refusal by the token check is
// not), and operations closed to tokens refuse even a token with every area. Every operation is
// placed explicitly in lib/token-areas.ts, so none is closed to tokens by oversight.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_AREAS, type ApiTokenArea, type ApiTokenScopes } from '@fieldops/shared/api-tokens';
import { MSG } from '@fieldops/shared/messages';
import { NEVER, TOKEN_AREA_PREFIXES, tokenAreaOf } from '../../../lib/token-areas.ts';
import { WRITE_ALL, createApiToken, type TokenCaller } from '../../../test/api-token-kit.ts';
import { buildRequest, operationsOf, recordRoutes, type OpenApiDocument, type Operation } from '../../../test/tenancy-operations.ts';
import { buildWorld, type World } from '../../../test/tenancy-world.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** What the token check answers when it refuses; any other answer means the check let the call through. */
const TOKEN_REFUSALS: string[] = [MSG.apiTokenInvalid, MSG.apiTokenNotAllowed, MSG.apiTokenScope, MSG.apiTokenCreatorNotAdmin, MSG.apiTokenOtherBusiness];

let t: TestApp;
let world: World;
let operations: Operation[];
let scopeOf: Map<string, string>;
const findings: string[] = [];
const counts = { never: 0, scoped: 0, requests: 0 };

const keyOf = (op: Operation) => `${op.method} ${op.path}`;
const messageOf = (res: LightMyRequestResponse) =>
  String(res.headers['content-type'] ?? '').startsWith('application/problem+json') ? res.json<{ message?: string }>().message : undefined;
const refusedBy = (res: LightMyRequestResponse, message: string) => res.statusCode === 403 && messageOf(res) === message;
const refusedByToken = (res: LightMyRequestResponse) => res.statusCode === 401 || (res.statusCode === 403 && TOKEN_REFUSALS.includes(messageOf(res) ?? ''));

beforeAll(async () => {
  const recorder = recordRoutes();
  try {
    t = await createTestApp();
  } finally {
    recorder.stop();
  }
  world = await buildWorld(t.app, 'Scopes');
  const doc = t.app.swagger() as unknown as OpenApiDocument & { paths: Record<string, Record<string, { 'x-api-token-scope'?: string }>> };
  // Every operation a token could name: the tablet's own (kiosk) and public ones take no bearer.
  operations = operationsOf(doc, recorder.routes).operations.filter((op) => op.access === 'user' || op.access === 'business');
  scopeOf = new Map(operations.map((op) => [keyOf(op), doc.paths[op.path]?.[op.method.toLowerCase()]?.['x-api-token-scope'] ?? 'undocumented']));

  const make = (name: string, scopes: ApiTokenScopes) => createApiToken(t.app, world.owner, { name, scopes });
  const tokens = {} as Record<ApiTokenArea, { read: TokenCaller; write: TokenCaller; others: TokenCaller }>;
  for (const area of API_TOKEN_AREAS) {
    tokens[area] = {
      read: await make(`${area} read`, { [area]: 'read' }),
      write: await make(`${area} write`, { [area]: 'write' }),
      others: await make(`all but ${area}`, Object.fromEntries(API_TOKEN_AREAS.filter((a) => a !== area).map((a) => [a, 'write']))),
    };
  }
  const all = await make('every area', WRITE_ALL);

  // The world's own ids: a request the operation could accept, so only the token check can refuse it.
  const requestOf = (op: Operation) => buildRequest(op, (slot) => (slot.where === 'path' || slot.required ? world.ids[slot.entity] : undefined)).options;
  const send = (caller: TokenCaller, op: Operation) => {
    counts.requests++;
    return caller.request(requestOf(op));
  };
  const note = (op: Operation, who: string, res: LightMyRequestResponse, expected: string) =>
    findings.push(`${keyOf(op)} with ${who} token: expected ${expected}, answered ${res.statusCode} ${res.body.slice(0, 160)}`);

  // Refusals first (they change nothing), then reads, then writes, deletions last: a write may
  // remove what a later call names, which answers 404, never a token refusal.
  const rank = (op: Operation) => (op.method === 'DELETE' ? 3 : op.method === 'GET' ? 1 : 2);
  const ordered = [...operations].sort((x, y) => rank(x) - rank(y));
  for (const op of ordered) {
    const scope = scopeOf.get(keyOf(op)) ?? '';
    if (scope !== NEVER) continue;
    counts.never++;
    const res = await send(all, op);
    if (!refusedBy(res, MSG.apiTokenNotAllowed)) note(op, 'an every-area', res, `403 "${MSG.apiTokenNotAllowed}"`);
  }
  const scoped = ordered.filter((op) => scopeOf.get(keyOf(op)) !== NEVER);
  for (const op of scoped) {
    const [area, level] = (scopeOf.get(keyOf(op)) ?? '').split(':') as [ApiTokenArea, string];
    if (!tokens[area]) {
      findings.push(`${keyOf(op)}: documented scope "${scopeOf.get(keyOf(op))}" names no area`);
      continue;
    }
    counts.scoped++;
    const others = await send(tokens[area].others, op);
    if (!refusedBy(others, MSG.apiTokenScope)) note(op, `an all-but-${area}`, others, `403 "${MSG.apiTokenScope}"`);
    if (level === 'write') {
      const read = await send(tokens[area].read, op);
      if (!refusedBy(read, MSG.apiTokenScope)) note(op, `a ${area}:read`, read, `403 "${MSG.apiTokenScope}"`);
    }
  }
  for (const op of scoped) {
    const [area, level] = (scopeOf.get(keyOf(op)) ?? '').split(':') as [ApiTokenArea, string];
    if (!tokens[area]) continue;
    if (level === 'read') {
      const read = await send(tokens[area].read, op);
      if (refusedByToken(read)) note(op, `a ${area}:read`, read, 'the token check to let it through');
    }
    const write = await send(tokens[area].write, op);
    if (refusedByToken(write)) note(op, `a ${area}:write`, write, 'the token check to let it through');
  }
  console.log(`token scopes: ${counts.scoped} scoped and ${counts.never} closed operations, ${counts.requests} requests`);
}, 180_000);
afterAll(() => t?.close());

describe("API tokens' scopes on every operation of the OpenAPI document", () => {
  it('places every operation explicitly: an area with its level, or closed to tokens', () => {
    const unplaced = operations.filter((op) => op.access === 'business' && !op.route?.config?.tokenArea && !tokenAreaOf(op.path.replace(/\{(\w+)\}/g, ':$1')));
    expect(unplaced.map(keyOf), 'add its path to TOKEN_AREA_PREFIXES in lib/token-areas.ts (or NEVER), or set config.tokenArea on the route').toEqual([]);
    expect([...scopeOf.values()].filter((scope) => scope === 'undocumented')).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
    expect(counts.scoped).toBeGreaterThan(100);
    expect(Object.values(TOKEN_AREA_PREFIXES)).toEqual(expect.arrayContaining([...API_TOKEN_AREAS, NEVER]));
  });

  it('refuses a token without the area, a read token on writes, and any token on the operations closed to tokens; lets the right scope through', () => {
    expect(findings).toEqual([]);
  });

  it("closes a person's own routes and what guards the business to every token", () => {
    for (const key of [
      'GET /api/v1/account',
      'POST /api/v1/logout',
      'GET /api/v1/api-tokens',
      'POST /api/v1/api-tokens',
      'DELETE /api/v1/api-tokens/{id}',
      'GET /api/v1/kiosks',
      'PUT /api/v1/users/{userId}/password',
      'POST /api/v1/users/{userId}/activation-key',
      'GET /api/v1/notifications',
      'GET /services/workflow/api/v1/report/live',
    ]) {
      expect(scopeOf.get(key), key).toBe(NEVER);
    }
    for (const [key, scope] of [
      ['GET /api/v1/projects', 'organisation:read'],
      ['POST /services/workflow/api/v1/tasks', 'tasks:write'],
      ['GET /services/workflow/api/v1/action-results/flagged', 'answers:read'],
      ['GET /services/workflow/api/v1/report/performance', 'reports:read'],
      ['PUT /services/helpdesk/api/v1/tickets/{id}', 'helpdesk:write'],
    ]) {
      expect(scopeOf.get(key ?? ''), key).toBe(scope);
    }
  });
});

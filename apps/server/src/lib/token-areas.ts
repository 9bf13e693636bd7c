// Which area of an API token's scopes each operation belongs to, or that no token may call it.
// Decided by the route's path, the longest prefix below winning; a route may also say so itself
// (`config.tokenArea`). A path no prefix names is closed to tokens, so an operation added later is
// refused until someone places it here; api-token-scopes.test.ts lists every operation of the
// OpenAPI document that is not placed explicitly, so nothing is closed by oversight either.
// GET and HEAD need `read` in the area, every other method `write` (which includes read).
import type { ApiTokenArea, ApiTokenLevel } from '@fieldops/shared/api-tokens';
import { API_BASES } from '@fieldops/shared/limits';

/** Closed to tokens: a person's own account and sessions, credentials, and the settings that guard the business. */
export const NEVER = 'never' as const;
export type TokenArea = ApiTokenArea | typeof NEVER;

const M = API_BASES.main;
const W = API_BASES.workflow;
const H = API_BASES.helpdesk;

/** Path prefixes (a `*` stands for one path parameter) and their area. */
export const TOKEN_AREA_PREFIXES: Readonly<Record<string, TokenArea>> = {
  // A person's own: signing in and out, their account, profile, notifications and devices.
  [`${M}/authenticate`]: NEVER,
  [`${M}/v1/logout`]: NEVER,
  [`${M}/v1/register`]: NEVER,
  [`${M}/v1/account`]: NEVER,
  [`${M}/v1/activate`]: NEVER,
  [`${M}/v1/activation-detail`]: NEVER,
  [`${M}/v1/onboarding`]: NEVER,
  [`${M}/users/*/profile`]: NEVER,
  [`${M}/v1/notifications`]: NEVER,
  [`${M}/v1/push`]: NEVER,
  // The tokens themselves, and what guards the business: single sign-on, two-factor sign-in,
  // webhooks (they would send its data elsewhere), the audit log, kiosks and their PINs.
  [`${M}/v1/api-tokens`]: NEVER,
  [`${M}/v1/sso`]: NEVER,
  [`${M}/sso`]: NEVER,
  [`${M}/v1/business/sso`]: NEVER,
  [`${M}/v1/two-factor`]: NEVER,
  [`${M}/v1/business/security`]: NEVER,
  [`${M}/v1/webhooks`]: NEVER,
  [`${M}/v1/audit-log`]: NEVER,
  [`${M}/v1/exports`]: NEVER,
  [`${M}/v1/kiosk`]: NEVER,
  [`${M}/v1/kiosks`]: NEVER,
  [`${M}/v1/users/*/kiosk-pin`]: NEVER,
  // Credentials of people: passwords, activation and invitation keys, sign-in locks.
  [`${M}/v1/users/*/password`]: NEVER,
  [`${M}/v1/users/*/activation-key`]: NEVER,
  [`${M}/v1/users/*/sign-in-lock`]: NEVER,
  [`${M}/v1/users/activation-cards`]: NEVER,
  [`${M}/v1/invitations/*/key`]: NEVER,
  // The outbox holds activation and reset links; failed jobs hold whatever their work carried.
  [`${M}/v1/mail`]: NEVER,
  [`${M}/v1/jobs`]: NEVER,

  [`${M}/v1/projects`]: 'organisation',
  [`${M}/v1/teams`]: 'organisation',
  [`${M}/v2/teams`]: 'organisation',
  [`${M}/v1/team-members`]: 'organisation',
  [`${M}/v1/users`]: 'organisation',
  [`${M}/users`]: 'organisation',
  [`${M}/admin/users`]: 'organisation',
  [`${M}/v1/invitations`]: 'organisation',
  [`${M}/v1/businesses`]: 'organisation',
  [`${M}/v1/business`]: 'organisation',
  [`${M}/v2/business-members`]: 'organisation',
  [`${M}/v1/industries`]: 'organisation',
  [`${M}/v1/business-calendar`]: 'organisation',
  [`${M}/v1/imports`]: 'organisation',
  [`${M}/v1/maps`]: 'organisation',

  [`${W}/v1/tasks`]: 'tasks',
  [`${W}/v2/tasks`]: 'tasks',
  [`${W}/v1/actions`]: 'tasks',
  [`${W}/v1/action-types`]: 'tasks',
  [`${W}/v1/sections`]: 'tasks',
  [`${W}/v1/tags`]: 'tasks',
  [`${W}/v1/execution-plans`]: 'tasks',
  [`${W}/v2/execution-plans`]: 'tasks',
  [`${W}/v1/users/*/execution-plans`]: 'tasks',
  [`${W}/v1/users/*/tasks-by-project`]: 'tasks',
  [`${W}/schedules`]: 'tasks',
  [`${W}/v1/schedules`]: 'tasks',
  [`${W}/v2/schedules`]: 'tasks',
  [`${W}/v1/cover-requests`]: 'tasks',

  [`${W}/v1/action-results`]: 'answers',
  [`${W}/v1/users/*/actions/*/action-results`]: 'answers',
  [`${W}/v1/photo-reviews`]: 'answers',
  [`${W}/schedules/*/inspection`]: 'answers',
  [`${W}/inspection-shares`]: 'answers',

  [`${W}/v1/report`]: 'reports',
  [`${W}/schedules/kpis`]: 'reports',
  [`${H}/v1/report`]: 'reports',
  // The live feed follows a signed-in person's session, which a token has not.
  [`${W}/v1/report/live`]: NEVER,

  [`${H}/v1`]: 'helpdesk',
};

/** A route's path with each parameter as `*` ("/api/v1/users/:id" → "/api/v1/users/*"). */
const shapeOf = (url: string) => url.replace(/:[^/]+/g, '*').replace(/\/+$/, '');

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The area of a route's path by the longest prefix that holds it; null when none does (closed to tokens). */
export function tokenAreaOf(url: string): { area: TokenArea; prefix: string } | null {
  const path = shapeOf(url);
  let best: string | null = null;
  for (const prefix of Object.keys(TOKEN_AREA_PREFIXES)) {
    if (within(path, prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  const area = best === null ? undefined : TOKEN_AREA_PREFIXES[best];
  return best !== null && area ? { area, prefix: best } : null;
}

/** What a method needs of its area. */
export const levelOf = (method: string): ApiTokenLevel => (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/** The OpenAPI security scheme of API tokens (app.ts's document names it). */
export const API_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'fo_ token',
  description:
    'An API token an owner or administrator made for the business (`Authorization: Bearer fo_…`; the token starts with `fo_`). ' +
    'It acts in its own business, with no X-Api-Key needed, as the administrator who made it, within its scopes: each area ' +
    '(organisation, tasks, answers, reports, helpdesk) is given `read` (GET and HEAD) or `write` (every method; includes read). ' +
    "An operation's `x-api-token-scope` names the area and level it needs; operations without the apiToken requirement refuse tokens with 403. " +
    'Tokens expire (a year at most), can be revoked at any time and have their own rate limit.',
} as const;

/**
 * Documents on an operation whether API tokens may call it: `apiToken` among its security
 * requirements and `x-api-token-scope` ("tasks:read"), or `x-api-token-scope: never`.
 */
export function documentApiToken<T extends { schema: unknown }>(
  route: { method: string | string[]; config?: { access?: string; tokenArea?: TokenArea } },
  transformed: T,
): T {
  const access = route.config?.access ?? 'business';
  if (access === 'public') return transformed;
  const area = access === 'business' ? (route.config?.tokenArea ?? NEVER) : NEVER;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  const session = { bearer: [], apiKey: [] };
  return {
    ...transformed,
    schema:
      area === NEVER
        ? { ...schema, security: [session], 'x-api-token-scope': NEVER }
        : { ...schema, security: [session, { apiToken: [] }], 'x-api-token-scope': `${area}:${levelOf(method.toUpperCase())}` },
  };
}

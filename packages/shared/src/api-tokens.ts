// API tokens: a business's named, scoped, expiring keys for its own scripts and integrations.
// An owner or administrator makes one, sees it once, and revokes it; the server keeps only its
// SHA-256. A token acts in its business with its creator's role, limited to the areas it names.
import { z } from 'zod';
import { pageQuery, requiredText } from './common.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Every token starts with this, so a leaked one is recognisable (and secret scanners can find it). */
export const API_TOKEN_PREFIX = 'fo_';
/** The prefix and this many further characters are kept and shown in the list ("fo_Ab12Cd…"). */
export const API_TOKEN_SHOWN_CHARS = 8;
/** A token: the prefix and 32 random bytes in base64url. */
export const API_TOKEN_SHAPE = /^fo_[A-Za-z0-9_-]{43}$/;
/** Active (neither revoked nor expired) tokens a business may hold at once. */
export const MAX_ACTIVE_API_TOKENS = 50;
/** Every token expires: 90 days unless asked, at most a year. */
export const DEFAULT_API_TOKEN_DAYS = 90;
export const MAX_API_TOKEN_DAYS = 365;
/** The expiry choices the form offers, in days. */
export const API_TOKEN_DAY_CHOICES = [7, 30, 90, 365] as const;

/**
 * The areas a token is scoped to, each a family of the API's operations:
 * organisation (projects, sites, members, invitations, the business and its calendar, imports),
 * tasks (tasks, templates, actions, tags, plans, schedules), answers (action results, photo
 * reviews, inspection reports), reports (dashboards, KPIs, exports) and helpdesk (tickets,
 * categories, SLA, routing).
 */
export const API_TOKEN_AREAS = ['organisation', 'tasks', 'answers', 'reports', 'helpdesk'] as const;
export type ApiTokenArea = (typeof API_TOKEN_AREAS)[number];
/** `write` includes `read`: GET and HEAD read, every other method writes. */
export const apiTokenLevel = z.enum(['read', 'write'], { error: MSG.apiTokenLevelInvalid });
export type ApiTokenLevel = z.infer<typeof apiTokenLevel>;

export const apiTokenScopes = z
  .strictObject(
    Object.fromEntries(API_TOKEN_AREAS.map((area) => [area, apiTokenLevel.optional()])) as Record<ApiTokenArea, z.ZodOptional<typeof apiTokenLevel>>,
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.apiTokenAreaUnknown : MSG.apiTokenScopesRequired),
    },
  )
  .refine((scopes) => Object.values(scopes).some(Boolean), MSG.apiTokenScopesRequired);
export type ApiTokenScopes = Partial<Record<ApiTokenArea, ApiTokenLevel>>;

/** Whether `scopes` let a token do `needed` in `area`. */
export const scopeAllows = (scopes: ApiTokenScopes, area: ApiTokenArea, needed: ApiTokenLevel) => {
  const held = scopes[area];
  return held === 'write' || (held === 'read' && needed === 'read');
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/v1/api-tokens`. The expiry is `expiresInDays` (1 to 365) or `expiresAt` (a moment
 * in the coming year), not both; with neither, 90 days.
 */
export const createApiTokenRequest = z
  .object({
    name: requiredText(100),
    scopes: apiTokenScopes,
    expiresInDays: z.number({ error: MSG.invalid }).int(MSG.invalid).min(1, minMessage(1)).max(MAX_API_TOKEN_DAYS, maxMessage(MAX_API_TOKEN_DAYS)).optional(),
    expiresAt: z.iso.datetime({ offset: true, error: MSG.invalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.expiresAt === undefined) return;
    if (body.expiresInDays !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: MSG.apiTokenExpiryBoth });
      return;
    }
    const at = Date.parse(body.expiresAt);
    if (at <= Date.now()) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: MSG.apiTokenExpiryPast });
    else if (at > Date.now() + MAX_API_TOKEN_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: MSG.apiTokenExpiryTooLong });
  });
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequest>;

/** When a new token expires, from the request (`now` for tests). */
export function expiryOf(body: { expiresInDays?: number; expiresAt?: string }, now = Date.now()): Date {
  if (body.expiresAt !== undefined) return new Date(body.expiresAt);
  return new Date(now + (body.expiresInDays ?? DEFAULT_API_TOKEN_DAYS) * DAY_MS);
}

export const apiTokenState = z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']);
export type ApiTokenState = z.infer<typeof apiTokenState>;

export const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters ("fo_Ab12Cd34"), to tell tokens apart; never the whole token. */
  prefix: z.string(),
  scopes: z.record(z.string(), apiTokenLevel),
  state: apiTokenState,
  createdAt: z.string(),
  /** The administrator who made it (null once their account is gone). */
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** `POST /api/v1/api-tokens`: the token, this once, and its row as the list shows it. */
export const createdApiToken = z.object({ apiToken, token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const apiTokensQuery = pageQuery.omit({ sort: true });

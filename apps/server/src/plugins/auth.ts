// Who is calling, and for which business. Routes declare `config.access`:
//   'public'   no token needed;
//   'user'     a signed-in, activated user;
//   'business' (the default) a user acting in one business, chosen by the X-Api-Key header or,
//              without it, the user's default business (DESIGN §4). `config.roles` narrows it;
//   'kiosk'    an enrolled shared tablet, by its device token (X-Kiosk-Token), no one signed in.
// An API token (a bearer starting "fo_") acts in its own business as the administrator who made
// it, on 'business' routes only, and only in the areas its scopes name (lib/token-areas.ts).
// A member signed in on a kiosk reaches only the routes marked `config.kiosk` (their schedules),
// in the kiosk's business, as a plain member, and only while the kiosk is enrolled and they are on
// its site: checked in the database on every request, so a revocation holds on every instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BusinessRole } from '@fieldops/shared/enums';
import { scopeAllows } from '@fieldops/shared/api-tokens';
import { KIOSK_TOKEN_HEADER } from '@fieldops/shared/kiosks';
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Database } from '../db/client.ts';
import { admitApiToken, isApiToken, type ApiTokenCaller } from '../lib/api-token-callers.ts';
import { routedPath } from '../lib/api-paths.ts';
import { createCallers, type Callers } from '../lib/callers.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { admitKiosk, type KioskDevice } from '../lib/kiosk-devices.ts';
import { currentOrigin } from '../lib/request-origin.ts';
import { NEVER, levelOf, tokenAreaOf, type TokenArea } from '../lib/token-areas.ts';

export interface Tenant {
  businessId: number;
  role: BusinessRole;
  apiKey: string;
  timeZone: string;
  /** Set when the caller is a member signed in on this kiosk: they see their own schedules only. */
  kioskId?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    callers: Callers;
  }
  interface FastifyContextConfig {
    access?: 'public' | 'user' | 'business' | 'kiosk';
    roles?: readonly BusinessRole[];
    /** Open to a member signed in on a kiosk (their tracker and runner); every other route refuses them. */
    kiosk?: boolean;
    /** Open while an admin's reset password is still in force (the account, its password, signing out). */
    duringPasswordReset?: boolean;
    /** The area of an API token's scopes this route belongs to, or 'never'; set from lib/token-areas.ts unless the route says. */
    tokenArea?: TokenArea;
  }
  interface FastifyRequest {
    userId: number | null;
    /** The session the request's token names; logout ends it. */
    sessionId: string | null;
    tenant: Tenant | null;
    /** The kiosk the request comes from: the tablet itself ('kiosk' routes) or a member signed in on it. */
    kiosk: KioskDevice | null;
    /** The API token the request came with (its creator is `userId`; there is no session). */
    apiToken: ApiTokenCaller | null;
  }
}

export const ADMINS: readonly BusinessRole[] = ['OWNER', 'ADMIN'];
const API_KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

export function requireUser(request: FastifyRequest): number {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

export function requireSession(request: FastifyRequest): { userId: number; sessionId: string } {
  if (!request.userId || !request.sessionId) throw unauthorized();
  return { userId: request.userId, sessionId: request.sessionId };
}

export function requireTenant(request: FastifyRequest): Tenant & { userId: number } {
  if (!request.tenant || !request.userId) throw unauthorized();
  return { ...request.tenant, userId: request.userId };
}

export const isAdmin = (tenant: Tenant) => ADMINS.includes(tenant.role);

/**
 * Whether a long-lived request (the live feed) may go on: its session is still open and the user
 * still belongs to the business. Logout or removal from the business ends the stream too.
 */
export async function stillAdmitted(callers: Callers, tenant: Tenant & { userId: number }, sessionId: string) {
  if (!(await callers.session(sessionId, tenant.userId))) return false;
  return (await callers.memberships(tenant.userId)).some((m) => m.businessId === tenant.businessId);
}

/**
 * Calls `revoked` as soon as this instance hears of a change that ends the stream's admission (a
 * sign-out, a removal from the business, a new business key), on whichever instance it was made.
 * The function stops watching.
 */
export function watchAdmission(callers: Callers, tenant: Tenant & { userId: number }, sessionId: string, revoked: () => void): () => void {
  let asking = false;
  let askAgain = false;
  const ask = () => {
    if (asking) {
      askAgain = true;
      return;
    }
    asking = true;
    stillAdmitted(callers, tenant, sessionId)
      .then((admitted) => {
        if (!admitted) revoked();
      })
      // A failed read (the database away) is asked again at the stream's next heartbeat.
      .catch(() => {})
      .finally(() => {
        asking = false;
        if (askAgain) {
          askAgain = false;
          ask();
        }
      });
  };
  return callers.watch((change) => {
    const concerns =
      change === 'all' ||
      ('session' in change && change.session === sessionId) ||
      ('user' in change && change.user === tenant.userId) ||
      ('business' in change && change.business === tenant.businessId);
    if (concerns) ask();
  });
}

/** Calls of the main base that change something may change a caller (a session, a membership, a business). */
const mayChangeCallers = (method: string, url: string) => method !== 'GET' && method !== 'HEAD' && routedPath(url).startsWith('/api/');

export const authPlugin = fp(async (app: FastifyInstance, { database }: { database: Pick<Database, 'listen'> }) => {
  const callers = createCallers(app.db, database);
  app.decorate('callers', callers);
  app.addHook('onReady', () => callers.start());
  app.addHook('onClose', () => callers.stop());
  // Before answering a change, this instance hears what it changed, so the caller's next request
  // (here or anywhere) meets the new state.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 && mayChangeCallers(request.method, request.url)) callers.settle().then(() => done(null, payload), done);
    else done(null, payload);
  });

  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('kiosk', null);
  app.decorateRequest('apiToken', null);
  const kioskToken = (request: FastifyRequest) => {
    const value = request.headers[KIOSK_TOKEN_HEADER.toLowerCase()];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };

  // API routes are private unless they say otherwise; the API documentation and the web app's
  // static files are public.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api') || route.url.startsWith('/services/');
    if (!isApi || route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    else route.config = { ...route.config, tokenArea: route.config?.tokenArea ?? tokenAreaOf(route.url)?.area ?? NEVER };
  });

  /** Admits an API token: valid, allowed here by its scopes, its creator still an owner or admin of its business. */
  const admitToken = async (request: FastifyRequest, bearer: string) => {
    const config = request.routeOptions.config;
    const token = await admitApiToken(app.db, bearer, request.ip || null);
    // A person's own routes ('user': the account, signing out…) and those closed to tokens refuse every token.
    const area = config?.tokenArea ?? NEVER;
    if ((config?.access ?? 'business') !== 'business' || area === NEVER) throw forbidden(MSG.apiTokenNotAllowed);
    if (!scopeAllows(token.scopes, area, levelOf(request.method))) throw forbidden(MSG.apiTokenScope);
    const membership = (await callers.memberships(token.userId)).find((m) => m.businessId === token.businessId);
    if (!membership || !ADMINS.includes(membership.role)) throw forbidden(MSG.apiTokenCreatorNotAdmin);
    // The token's business, whatever the headers say; a key naming another is a mistake worth telling.
    const apiKey = request.headers[API_KEY_HEADER.toLowerCase()];
    if (typeof apiKey === 'string' && apiKey.trim() && apiKey.trim() !== membership.apiKey) throw forbidden(MSG.apiTokenOtherBusiness);
    request.userId = token.userId;
    request.sessionId = null;
    request.apiToken = token;
    request.tenant = membership;
    // The audit log names the token, not its creator's own session.
    const origin = currentOrigin();
    if (origin) origin.actorName = `API token "${token.name}"`;
    if (config?.roles && !config.roles.includes(membership.role)) throw forbidden();
  };

  // Before the body is validated: a caller without a valid token learns nothing about what the
  // body should hold (401, not a field error), whatever the method.
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access ?? 'business';
    if (access === 'public' || !request.routeOptions.url) return;
    if (access === 'kiosk') {
      request.kiosk = await admitKiosk(app.db, kioskToken(request));
      return;
    }

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (token && isApiToken(token)) return admitToken(request, token);
    const claims = token ? await app.tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    // The session must still be open: logout, "sign out of all devices" and a password reset
    // end it in the database, so every instance refuses the token from then on.
    const user = await callers.session(claims.sessionId, claims.userId);
    if (!user) throw unauthorized();
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
    if (user.kioskId !== null) {
      if (!config?.kiosk) throw forbidden(MSG.kioskOnlySchedules);
      const kiosk = await admitKiosk(app.db, kioskToken(request), { userId: claims.userId, kioskId: user.kioskId });
      request.kiosk = kiosk;
      if (access === 'user') return;
      // The kiosk's business whatever the headers say, and as a plain member: a supervisor or an
      // admin signed in on a shared tablet sees their own schedules there, nothing more.
      const membership = (await callers.memberships(claims.userId)).find((m) => m.businessId === kiosk.businessId);
      if (!membership) throw unauthorized(MSG.kioskMemberNotFound);
      request.tenant = { ...membership, role: 'MEMBER', kioskId: kiosk.id };
      if (config.roles && !config.roles.includes('MEMBER')) throw forbidden();
      return;
    }
    // A password an admin chose is known to someone else: nothing but choosing one's own (and
    // reading the account, signing out) until the person has done so.
    if (user.mustChangePassword && !config?.duringPasswordReset) throw forbidden(MSG.passwordChangeRequired);
    if (access === 'user') return;

    const apiKey = request.headers[API_KEY_HEADER.toLowerCase()];
    const key = typeof apiKey === 'string' && apiKey.trim() ? apiKey.trim() : null;
    // A key is printable ASCII; anything else (a NUL byte, say) names no business.
    if (key && !API_KEY_SHAPE.test(key)) throw forbidden(MSG.accessDenied);
    // Memberships are kept in memory until they change (lib/callers.ts): a member taken out of a
    // business loses it at once, on every instance.
    const memberships = await callers.memberships(claims.userId);
    const membership = key ? memberships.find((m) => m.apiKey === key) : memberships[0];
    if (!membership) throw forbidden(key ? MSG.accessDenied : MSG.noBusiness);
    request.tenant = membership;
    if (config?.roles && !config.roles.includes(membership.role)) throw forbidden();
  });
});

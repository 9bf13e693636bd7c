// Who is calling, and for which business. Routes declare `config.access`:
//   'public'   no token needed;
//   'user'     a signed-in, activated user;
//   'business' (the default) a user acting in one business, chosen by the X-Api-Key header or,
//              without it, the user's default business (DESIGN §4). `config.roles` narrows it.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BusinessRole } from '@fieldops/shared/enums';
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers, businesses, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export interface Tenant {
  businessId: number;
  role: BusinessRole;
  apiKey: string;
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public' | 'user' | 'business';
    roles?: readonly BusinessRole[];
  }
  interface FastifyRequest {
    userId: number | null;
    tenant: Tenant | null;
  }
}

export const ADMINS: readonly BusinessRole[] = ['OWNER', 'ADMIN'];

export function requireUser(request: FastifyRequest): number {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

export function requireTenant(request: FastifyRequest): Tenant & { userId: number } {
  if (!request.tenant || !request.userId) throw unauthorized();
  return { ...request.tenant, userId: request.userId };
}

export const isAdmin = (tenant: Tenant) => ADMINS.includes(tenant.role);

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('tenant', null);

  // API routes are private unless they say otherwise; the API documentation and the web app's
  // static files are public.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api') || route.url.startsWith('/services/');
    if (!isApi || route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access ?? 'business';
    if (access === 'public' || !request.routeOptions.url) return;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const userId = token ? await app.tokens.verify(token) : null;
    if (!userId) throw unauthorized();
    const [user] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.activated, true)));
    if (!user) throw unauthorized();
    request.userId = userId;
    if (access === 'user') return;

    const apiKey = request.headers[API_KEY_HEADER.toLowerCase()];
    const key = typeof apiKey === 'string' && apiKey.trim() ? apiKey.trim() : null;
    const [membership] = await app.db
      .select({
        businessId: businessMembers.businessId,
        role: businessMembers.role,
        apiKey: businesses.apiKey,
        timeZone: businesses.timeZone,
      })
      .from(businessMembers)
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(and(eq(businessMembers.userId, userId), key ? eq(businesses.apiKey, key) : undefined))
      .orderBy(desc(businessMembers.defaultBusiness), asc(businessMembers.id))
      .limit(1);
    if (!membership) throw forbidden(key ? MSG.accessDenied : MSG.noBusiness);
    request.tenant = membership;
    if (config?.roles && !config.roles.includes(membership.role)) throw forbidden();
  });
});

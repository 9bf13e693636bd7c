// Businesses, their profile and configuration, and the industries list (all under /api).
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { business, businessUpdateRequest, industry, lookups, managedProfile } from '@fieldops/shared/account';
import { idParam, problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { businesses, industries } from '../../db/schema.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { keepUploads, storePicture, uploadFile, removeReleased } from '../../lib/uploads.ts';
import { ADMINS, requireTenant, requireUser } from '../../plugins/auth.ts';
import { keyOfUrl } from '../../plugins/storage.ts';
import { findBusiness, findBusinessesOfUser, findLookups, replaceLookups, toBusiness } from './businesses.repository.ts';

export async function businessesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 413: problem };

  /** The request's own business, or 404 when the path names another one. */
  const ownBusiness = async (tenant: { businessId: number }, businessId: number) => {
    const row = businessId === tenant.businessId ? await findBusiness(app.db, businessId) : null;
    if (!row) throw notFound(MSG.businessNotFound);
    return row;
  };

  r.get('/v1/industries', {
    config: { access: 'public' },
    schema: { tags: ['business'], response: { 200: z.array(industry) } },
    handler: () =>
      app.db.select({ id: industries.id, nameEn: industries.nameEn, nameAr: industries.nameAr }).from(industries).orderBy(asc(industries.id)),
  });

  r.get('/v1/businesses', {
    config: { access: 'user' },
    schema: { tags: ['business'], response: { 200: z.array(business), ...errors } },
    handler: (request) => findBusinessesOfUser(app.db, requireUser(request)),
  });

  r.get('/v1/businesses/:businessId', {
    schema: { tags: ['business'], params: idParam('businessId'), response: { 200: business, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      return toBusiness(await ownBusiness(tenant, request.params.businessId), tenant.role);
    },
  });

  r.put('/v1/businesses/:businessId', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: idParam('businessId'), body: businessUpdateRequest, response: { 200: business, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      await ownBusiness(tenant, request.params.businessId);
      const { industryId, ...rest } = request.body;
      if (industryId) {
        const [found] = await app.db.select({ id: industries.id }).from(industries).where(eq(industries.id, industryId));
        if (!found) throw fieldError('industryId', MSG.industryNotFound);
      }
      const [row] = await app.db
        .update(businesses)
        .set({ ...rest, industryId: industryId ?? null })
        .where(eq(businesses.id, tenant.businessId))
        .returning();
      return toBusiness(row, tenant.role);
    },
  });

  r.put('/v1/business/:businessId/upload-profile', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: idParam('businessId'), consumes: ['multipart/form-data'], response: { 200: business, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      const current = await ownBusiness(tenant, request.params.businessId);
      const file = await uploadFile(request);
      if (!file) throw badRequest(MSG.fileMissing, [{ field: 'file', message: MSG.fileMissing }]);
      const stored = await storePicture(file);
      const [row] = await app.db.update(businesses).set({ logo: stored.url }).where(eq(businesses.id, tenant.businessId)).returning();
      keepUploads(file);
      await removeReleased(app, keyOfUrl(current.logo));
      return toBusiness(row, tenant.role);
    },
  });

  const apiKeyParam = z.object({ apiKey: z.string().min(1) });
  const ownKey = (tenant: { apiKey: string }, apiKey: string) => {
    if (apiKey !== tenant.apiKey) throw notFound(MSG.businessNotFound);
  };

  r.get('/v1/business/config/api-key/:apiKey/lookup', {
    schema: { tags: ['business'], params: apiKeyParam, response: { 200: lookups, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      ownKey(tenant, request.params.apiKey);
      return findLookups(app.db, tenant.businessId);
    },
  });

  r.put('/v1/business/config/api-key/:apiKey/lookup', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: apiKeyParam, body: lookups, response: { 200: lookups, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      ownKey(tenant, request.params.apiKey);
      await replaceLookups(app.db, tenant.businessId, request.body);
      return findLookups(app.db, tenant.businessId);
    },
  });

  r.get('/v1/business/config/managed-profile', {
    schema: { tags: ['business'], response: { 200: managedProfile, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      const row = await findBusiness(app.db, tenant.businessId);
      return { managedProfile: row?.managedProfile ?? false };
    },
  });
}

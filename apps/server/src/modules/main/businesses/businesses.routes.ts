// Businesses, their profile and configuration, and the industries list (all under /api).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { business, businessUpdateRequest, industry, lookups, managedProfile } from '@fieldops/shared/account';
import { idParam, problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { uploadFile } from '../../../lib/uploads.ts';
import { ADMINS, requireTenant, requireUser } from '../../../plugins/auth.ts';
import {
  listBusinessesOfUser,
  listIndustries,
  lookupsOf,
  managedProfileOf,
  replaceLogo,
  requireOwnBusiness,
  toBusiness,
  updateBusiness,
  updateLookups,
} from './businesses.service.ts';

export async function businessesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 413: problem };

  r.get('/v1/industries', {
    config: { access: 'public' },
    schema: { tags: ['business'], response: { 200: z.array(industry) } },
    handler: () => listIndustries(app.db),
  });

  r.get('/v1/businesses', {
    config: { access: 'user' },
    schema: { tags: ['business'], response: { 200: z.array(business), ...errors } },
    handler: (request) => listBusinessesOfUser(app.db, requireUser(request)),
  });

  r.get('/v1/businesses/:businessId', {
    schema: { tags: ['business'], params: idParam('businessId'), response: { 200: business, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      return toBusiness(await requireOwnBusiness(app.db, tenant, request.params.businessId), tenant.role);
    },
  });

  r.put('/v1/businesses/:businessId', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: idParam('businessId'), body: businessUpdateRequest, response: { 200: business, ...errors } },
    handler: (request) => updateBusiness(app.db, requireTenant(request), request.params.businessId, request.body),
  });

  r.put('/v1/business/:businessId/upload-profile', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: idParam('businessId'), consumes: ['multipart/form-data'], response: { 200: business, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      const current = await requireOwnBusiness(app.db, tenant, request.params.businessId);
      const file = await uploadFile(request);
      if (!file) throw badRequest(MSG.fileMissing, [{ field: 'file', message: MSG.fileMissing }]);
      return replaceLogo(app, tenant, current, file);
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
      return lookupsOf(app.db, tenant.businessId);
    },
  });

  r.put('/v1/business/config/api-key/:apiKey/lookup', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], params: apiKeyParam, body: lookups, response: { 200: lookups, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      ownKey(tenant, request.params.apiKey);
      return updateLookups(app.db, tenant, request.body);
    },
  });

  r.get('/v1/business/config/managed-profile', {
    schema: { tags: ['business'], response: { 200: managedProfile, ...errors } },
    handler: (request) => managedProfileOf(app.db, requireTenant(request).businessId),
  });
}

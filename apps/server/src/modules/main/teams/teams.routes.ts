// Sites (teams): GET/POST/PUT /api/v1/teams, GET/DELETE /api/v1/teams/{id}, every pinned site for a
// map (GET /api/v1/teams/places) and the sites of a project, GET /api/v1/projects/{projectId}/teams. Everyone in the business reads them; owners
// and admins change them. GET /api/v1/maps/settings tells the maps that show them where tiles
// come from.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { mapSettings } from '@fieldops/shared/maps';
import { site, sitePlaces, siteRequest, sitesQuery, siteUpdateRequest } from '@fieldops/shared/organisation';
import { mapTileSettings } from '../../../config.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { createSite, deleteSite, listSitePlaces, listSites, listSitesOfProject, requireSite, updateSite } from './teams.service.ts';

export async function teamsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const tiles = mapTileSettings();

  r.get('/v1/maps/settings', {
    schema: { tags: ['sites'], summary: "The maps' tile source and its attribution", response: { 200: mapSettings, ...errors } },
    handler: (request) => {
      requireTenant(request);
      return { tileUrl: tiles.url, attribution: tiles.attribution };
    },
  });

  r.get('/v1/teams', {
    schema: { tags: ['sites'], querystring: sitesQuery, response: { 200: z.array(site), ...errors } },
    handler: async (request, reply) => {
      const { page, size, projectId, searchKey } = request.query;
      const { items, total } = await listSites(app.db, requireTenant(request).businessId, { projectId, searchKey }, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/teams/places', {
    schema: {
      tags: ['sites'],
      summary: 'Every site with a pin, for a map: id, name and coordinates, all at once; and how many sites have no pin',
      response: { 200: sitePlaces, ...errors },
    },
    handler: (request) => listSitePlaces(app.db, requireTenant(request).businessId),
  });

  r.get('/v1/projects/:projectId/teams', {
    schema: { tags: ['projects'], params: idParam('projectId'), querystring: pageQuery, response: { 200: z.array(site), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await listSitesOfProject(app.db, requireTenant(request).businessId, request.params.projectId, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/teams/:id', {
    schema: { tags: ['sites'], params: idParam('id'), response: { 200: site, ...errors } },
    handler: (request) => requireSite(app.db, requireTenant(request).businessId, request.params.id),
  });

  r.post('/v1/teams', {
    config: { roles: ADMINS },
    schema: { tags: ['sites'], body: siteRequest, response: { 201: site, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createSite(app.db, requireTenant(request), request.body)),
  });

  r.put('/v1/teams', {
    config: { roles: ADMINS },
    schema: { tags: ['sites'], body: siteUpdateRequest, response: { 200: site, ...errors } },
    handler: (request) => updateSite(app.db, requireTenant(request), request.body),
  });

  r.delete('/v1/teams/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['sites'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteSite(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}

// The business calendar: GET/PUT /api/v1/business-calendar/working-hours, GET
// /v1/business-calendar/holidays?year=, POST /v1/business-calendar/holidays (a day of the
// business's own), DELETE /v1/business-calendar/holidays/{id}, PUT
// /v1/business-calendar/public-holidays/{date} (keep a public holiday or not). Everyone in the
// business reads it; owners and administrators change it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holiday,
  holidayYearQuery,
  ownHolidayRequest,
  publicHolidayParams,
  publicHolidayRequest,
  workingHours,
  workingHoursRequest,
} from '@fieldops/shared/business-calendar-api';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { addOwnHoliday, holidaysOf, removeOwnHoliday, saveWorkingHours, setPublicHolidayObserved, workingHoursOf } from './business-calendar.service.ts';

const BASE = '/v1/business-calendar';

export async function businessCalendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const tags = ['business calendar'];

  r.get(`${BASE}/working-hours`, {
    schema: { tags, response: { 200: workingHours, ...errors } },
    handler: (request) => {
      const tenant = requireTenant(request);
      return workingHoursOf(app.db, tenant.businessId, tenant.timeZone);
    },
  });

  r.put(`${BASE}/working-hours`, {
    config: { roles: ADMINS },
    schema: { tags, body: workingHoursRequest, response: { 200: workingHours, ...errors } },
    handler: (request) => {
      const tenant = requireTenant(request);
      return saveWorkingHours(app.db, tenant, tenant.timeZone, request.body);
    },
  });

  r.get(`${BASE}/holidays`, {
    schema: { tags, querystring: holidayYearQuery, response: { 200: z.array(holiday), ...errors } },
    handler: async (request, reply) => {
      // A year has a few dozen holidays at most: the whole list, no pages.
      const tenant = requireTenant(request);
      const items = await holidaysOf(app.db, tenant.businessId, tenant.timeZone, request.query.year);
      reply.header(TOTAL_COUNT_HEADER, items.length);
      return items;
    },
  });

  r.post(`${BASE}/holidays`, {
    config: { roles: ADMINS },
    schema: { tags, body: ownHolidayRequest, response: { 201: holiday, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await addOwnHoliday(app.db, requireTenant(request), request.body)),
  });

  r.delete(`${BASE}/holidays/:id`, {
    config: { roles: ADMINS },
    schema: { tags, params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeOwnHoliday(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put(`${BASE}/public-holidays/:date`, {
    config: { roles: ADMINS },
    schema: { tags, params: publicHolidayParams, body: publicHolidayRequest, response: { 200: holiday, ...errors } },
    handler: (request) => {
      const tenant = requireTenant(request);
      return setPublicHolidayObserved(app.db, tenant, tenant.timeZone, request.params.date, request.body.observed);
    },
  });
}

// Schedules: GET /schedules and /v2/schedules (everything the caller sees), /schedules/user-schedules
// (the caller's own: My Tasks), /schedules/kpis (counts by status over the same filters) and
// /schedules/{id} (with eagerLoad=true, everything the runner needs). The fixed paths are
// registered before the one with an id.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { schedule, scheduleDetail, scheduleKpis, schedulesQuery } from '@fieldops/shared/schedules';
import { requireTenant } from '../../plugins/auth.ts';
import type { Caller } from '../../policies/caller.ts';
import { getSchedule, getScheduleDetail, listSchedules, scheduleKpis as computeKpis, type ScheduleListKind } from './schedules.service.ts';

/** `sort=start` or `start,asc|desc`: schedules are ordered by their start, then id. */
const listQuery = schedulesQuery.superRefine((query, ctx) => {
  if (query.sort && query.sort.split(',')[0] !== 'start') ctx.addIssue({ code: 'custom', path: ['sort'], message: MSG.invalid });
});
const detailQuery = z.object({ eagerLoad: z.enum(['true', 'false'], { error: MSG.invalid }).optional() });

export async function schedulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  const sendList = async (caller: Caller, kind: ScheduleListKind, query: z.output<typeof listQuery>, reply: FastifyReply) => {
    const { items, total } = await listSchedules(app.db, caller, kind, query);
    reply.header(TOTAL_COUNT_HEADER, total);
    return items;
  };

  r.get('/schedules/user-schedules', {
    schema: { tags: ['schedules'], description: "The caller's own schedules (My Tasks).", querystring: listQuery, response: { 200: z.array(schedule), ...errors } },
    handler: (request, reply) => sendList(requireTenant(request), 'own', request.query, reply),
  });

  r.get('/schedules/kpis', {
    schema: { tags: ['schedules'], description: 'Schedules by status over the list filters, and done / total as a percentage.', querystring: listQuery, response: { 200: scheduleKpis, ...errors } },
    handler: (request) => computeKpis(app.db, requireTenant(request), request.query),
  });

  for (const url of ['/schedules', '/v2/schedules']) {
    r.get(url, {
      schema: {
        tags: ['schedules'],
        description: 'Schedules the caller sees: owners and admins all, a supervisor their sites and their own, a member their own.',
        querystring: listQuery,
        response: { 200: z.array(schedule), ...errors },
      },
      handler: (request, reply) => sendList(requireTenant(request), 'visible', request.query, reply),
    });
  }

  r.get('/schedules/:id', {
    schema: { tags: ['schedules'], params: idParam('id'), querystring: detailQuery, response: { 200: z.union([scheduleDetail, schedule]), ...errors } },
    handler: (request) =>
      request.query.eagerLoad === 'true'
        ? getScheduleDetail(app.db, requireTenant(request), request.params.id)
        : getSchedule(app.db, requireTenant(request), request.params.id),
  });
}

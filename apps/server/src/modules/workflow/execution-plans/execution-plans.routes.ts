// Execution plans (spec §7 "Schedules and execution plans", workflow base): create a group plan,
// read plans and lists of them, a member's tasks by project, change a plan's schedule or hours,
// pause and resume. Everyone reads what they may see; owners, admins and the supervisors of a
// plan's site change it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import {
  executionPlan,
  groupPlanRequest,
  MEMBER_TASKS_DAYS,
  memberProjectTasks,
  planHoursRequest,
  plansQuery,
  planUpdateRequest,
  planWithChildren,
  switchStatusRequest,
} from '@fieldops/shared/plans';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { createGroupPlan, getPlan, getPlanWithChildren, switchPlanStatus, updatePlanHours, updatePlanSchedule } from './execution-plans.service.ts';
import { memberTasksByProject } from './member-tasks.service.ts';
import { listGroupChildren, listMemberSitePlans, listSitePlans, listTaskPlans, listUserPlans } from './plan-lists.service.ts';

const childrenQuery = plansQuery.omit({ status: true });
const userPlansQuery = plansQuery.extend({ taskId: id.optional() });

export async function executionPlansRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const tags = ['execution plans'];
  const planParams = idParam('id');
  const editors = { preHandler: workflowEditorsOnly };
  const page = <T>(reply: { header(name: string, value: number): unknown }, result: { items: T[]; total: number }) => {
    reply.header(TOTAL_COUNT_HEADER, result.total);
    return result.items;
  };

  r.post('/v1/execution-plans/assignType/GROUP/create', {
    ...editors,
    schema: { tags, body: groupPlanRequest, response: { 201: executionPlan, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createGroupPlan(app.db, requireTenant(request), request.body)),
  });

  r.get('/v2/tasks/:id/execution-plans', {
    schema: { tags, params: idParam('id'), querystring: plansQuery, response: { 200: z.array(executionPlan), ...errors } },
    handler: async (request, reply) => page(reply, await listTaskPlans(app.db, requireTenant(request), request.params.id, request.query)),
  });

  r.get('/v2/tasks/:taskId/execution-plans/:groupId/children', {
    schema: {
      tags,
      params: z.object({ taskId: id, groupId: id }),
      querystring: childrenQuery,
      response: { 200: z.array(executionPlan), ...errors },
    },
    handler: async (request, reply) =>
      page(reply, await listGroupChildren(app.db, requireTenant(request), request.params.taskId, request.params.groupId, request.query)),
  });

  r.get('/v1/execution-plans/:id', {
    schema: { tags, params: planParams, response: { 200: executionPlan, ...errors } },
    handler: (request) => getPlan(app.db, requireTenant(request), request.params.id),
  });

  r.get('/v2/execution-plans/:id', {
    schema: { tags, params: planParams, response: { 200: planWithChildren, ...errors } },
    handler: (request) => getPlanWithChildren(app.db, requireTenant(request), request.params.id),
  });

  r.put('/v2/execution-plans/:id', {
    ...editors,
    schema: { tags, params: planParams, body: planUpdateRequest, response: { 200: planWithChildren, ...errors } },
    handler: (request) => updatePlanSchedule(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.put('/v1/execution-plans/:id', {
    ...editors,
    schema: { tags, params: planParams, body: planHoursRequest, response: { 200: executionPlan, ...errors } },
    handler: (request) => updatePlanHours(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.put('/v1/execution-plans/:id/switch-status', {
    ...editors,
    // A call without a body toggles; Fastify hands the schema null for a missing body.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: { tags, params: planParams, body: switchStatusRequest, response: { 200: executionPlan, ...errors } },
    handler: (request) => switchPlanStatus(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.get('/v1/execution-plans/teams/:teamId/users/:userId', {
    schema: {
      tags,
      params: z.object({ teamId: id, userId: id }),
      querystring: plansQuery,
      response: { 200: z.array(executionPlan), ...errors },
    },
    handler: async (request, reply) =>
      page(reply, await listMemberSitePlans(app.db, requireTenant(request), request.params.teamId, request.params.userId, request.query)),
  });

  r.get('/v1/execution-plans/projects/:projectId/teams/:teamId', {
    schema: {
      tags,
      params: z.object({ projectId: id, teamId: id }),
      querystring: plansQuery,
      response: { 200: z.array(executionPlan), ...errors },
    },
    handler: async (request, reply) =>
      page(reply, await listSitePlans(app.db, requireTenant(request), request.params.projectId, request.params.teamId, request.query)),
  });

  r.get('/v1/users/:userId/execution-plans', {
    schema: { tags, params: idParam('userId'), querystring: userPlansQuery, response: { 200: z.array(executionPlan), ...errors } },
    handler: async (request, reply) => page(reply, await listUserPlans(app.db, requireTenant(request), request.params.userId, request.query)),
  });

  r.get('/v1/users/:userId/tasks-by-project', {
    schema: {
      tags,
      summary: "A member's tasks by project: their plans of each task and how their recent schedules of it went",
      description:
        `Every project where the member has a plan of a task, or a schedule of it that started in the last ${MEMBER_TASKS_DAYS} days ` +
        "(calendar days in the business's time zone, up to now), projects by name. Per task: its sites, the plans and those still active, " +
        'running or upcoming, and the schedules of the period done, missed and open, with completion rate = done / total. Counted over ' +
        'what the caller sees: owners and admins the business, a supervisor their sites and their own, a member their own. A user outside ' +
        'the business answers 404.',
      params: idParam('userId'),
      response: { 200: z.array(memberProjectTasks), ...errors },
    },
    handler: (request) => memberTasksByProject(app.db, requireTenant(request), request.params.userId),
  });
}

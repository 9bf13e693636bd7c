// Reports: GET /v1/report/business/{businessId}/stats, /v1/report/{kind}/kpi,
// /v1/report/teams/completion (every site's rate, for the sites map) and
// /v1/report/{kind}/kpi/{id} for members, projects, teams, tasks and schedules (plans),
// /v1/report/actions/kpi, /v1/report/actions/kpi/tag/{id}, /v1/report/tags/kpi and
// /v1/report/performance. Lists give their total in X-Total-Count.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { RANKING_PRIOR_WEIGHT } from '@fieldops/shared/ranking';
import {
  actionKpi,
  actionsKpiQuery,
  businessStats as businessStatsSchema,
  dashboardReport as dashboardReportSchema,
  KPI_KINDS,
  kpiItem,
  kpiQuery,
  kpiStanding,
  MAX_REPORT_DAYS,
  performancePoint,
  performanceQuery,
  reportFilterQuery,
  siteCompletions as siteCompletionsSchema,
  statsQuery,
  tagKpi,
} from '@fieldops/shared/reports';
import { requireTenant } from '../../../plugins/auth.ts';
import { actionsKpi, businessStats, dashboardReport, kpiList, kpiStanding as standingOf, performance, siteCompletions, tagsKpi } from './reports.service.ts';

const RANGE = `Dates are calendar dates in the business's time zone, both inclusive; without them the last 30 days up to today. A range longer than ${MAX_REPORT_DAYS} days or ending before it starts answers 400.`;
const VIEW = 'Counted over what the caller sees: owners and admins the business, a supervisor their sites and their own schedules, a member their own.';

export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const sendPage = <T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }) => {
    reply.header(TOTAL_COUNT_HEADER, total);
    return items;
  };

  r.get('/v1/report/business/:businessId/stats', {
    schema: {
      tags: ['reports'],
      summary: "The business's counts: projects, sites, members, open schedules, schedules by status and answers in the range",
      description: `projectId, teamId or userId (one of them) narrows every count. ${RANGE} ${VIEW} A business other than the caller's answers 404.`,
      params: idParam('businessId'),
      querystring: statsQuery,
      response: { 200: businessStatsSchema, ...errors },
    },
    handler: (request) => businessStats(app.readDb, requireTenant(request), request.params.businessId, request.query),
  });

  r.get('/v1/report/business/:businessId/dashboard', {
    schema: {
      tags: ['reports'],
      summary:
        "The dashboard's cards in one answer: the stats, the best tasks, members, sites and projects, the busiest members, sites and projects, and the top tags",
      description:
        `Each part is what its own call answers under the same range and scope (projectId, teamId or userId, one of them): ` +
        `the stats; /v1/report/{kind}/kpi with best=true and the default size; with order=load and size 10; /v1/report/tags/kpi with size 5. ${RANGE} ${VIEW} A business other than the caller's answers 404.`,
      params: idParam('businessId'),
      querystring: statsQuery,
      response: { 200: dashboardReportSchema, ...errors },
    },
    handler: (request) => dashboardReport(app.readDb, requireTenant(request), request.params.businessId, request.query),
  });

  for (const kind of KPI_KINDS) {
    r.get(`/v1/report/${kind}/kpi`, {
      schema: {
        tags: ['reports'],
        summary: `Best, worst or busiest ${kind === 'schedules' ? 'execution plans' : kind}`,
        description: [
          "Completion rate = done / (done + late + missed + pending + inProgress) over schedules starting in the range; late (finished in a plan's grace time after the deadline) is counted apart.",
          `best=true ranks by the load-aware score descending, best=false ascending: score = (done + ${RANKING_PRIOR_WEIGHT} × average) / (total + ${RANKING_PRIOR_WEIGHT}), the average being done / total over every entity the list ranks (same filters, range and view), so few schedules count for little.`,
          'Equal scores put more schedules first, then the lower id. Each item carries `ranking` (score, average, weight, reason) explaining its rank. order=load sorts by number of schedules.',
          kind === 'schedules' ? 'A group plan counts all its members’ schedules together.' : '',
          RANGE,
          VIEW,
        ].join(' '),
        querystring: kpiQuery,
        response: { 200: z.array(kpiItem), ...errors },
      },
      handler: async (request, reply) => sendPage(reply, await kpiList(app.readDb, requireTenant(request), kind, request.query)),
    });

    r.get(`/v1/report/${kind}/kpi/:id`, {
      schema: {
        tags: ['reports'],
        summary: `One ${kind === 'schedules' ? 'execution plan' : kind.replace(/s$/, '')}'s counts and rank`,
        description: `The rank is among every entity of the kind with a schedule in the range (null without one), by the load-aware score of the list; \`ranking\` explains it (null without a rank). ${RANGE} ${VIEW} An id of another business answers 404.`,
        params: idParam('id'),
        querystring: reportFilterQuery,
        response: { 200: kpiStanding, ...errors },
      },
      handler: (request) => standingOf(app.readDb, requireTenant(request), kind, request.params.id, request.query),
    });
  }

  r.get('/v1/report/teams/completion', {
    schema: {
      tags: ['reports'],
      summary: 'Every site with a schedule in the range, with its completion rate and schedule count, all at once',
      description: `What the sites map colours sites by: the completion rate of the site lists, for every site at once, in id order. ${RANGE} ${VIEW}`,
      querystring: reportFilterQuery,
      response: { 200: siteCompletionsSchema, ...errors },
    },
    handler: (request) => siteCompletions(app.readDb, requireTenant(request), request.query),
  });

  r.get('/v1/report/actions/kpi', {
    schema: {
      tags: ['reports'],
      summary: 'Actions by counted answers in the range, most answered first',
      description: `Answers given outside a site's geofence are reported apart and never counted. ${RANGE} ${VIEW}`,
      querystring: actionsKpiQuery,
      response: { 200: z.array(actionKpi), ...errors },
    },
    handler: async (request, reply) => sendPage(reply, await actionsKpi(app.readDb, requireTenant(request), request.query)),
  });

  r.get('/v1/report/actions/kpi/tag/:id', {
    schema: {
      tags: ['reports'],
      summary: 'Actions carrying a tag, by counted answers in the range',
      description: `${RANGE} ${VIEW} A tag of another business answers 404.`,
      params: idParam('id'),
      querystring: actionsKpiQuery,
      response: { 200: z.array(actionKpi), ...errors },
    },
    handler: async (request, reply) => sendPage(reply, await actionsKpi(app.readDb, requireTenant(request), request.query, request.params.id)),
  });

  r.get('/v1/report/tags/kpi', {
    schema: {
      tags: ['reports'],
      summary: 'Tags by counted answers to their actions in the range',
      description: `${RANGE} ${VIEW}`,
      querystring: actionsKpiQuery,
      response: { 200: z.array(tagKpi), ...errors },
    },
    handler: async (request, reply) => sendPage(reply, await tagsKpi(app.readDb, requireTenant(request), request.query)),
  });

  r.get('/v1/report/performance', {
    schema: {
      tags: ['reports'],
      summary: 'Schedules by status and completion rate for every day of the range',
      description: `Without startDate, the \`size\` days up to endDate (default today). ${RANGE} ${VIEW}`,
      querystring: performanceQuery,
      response: { 200: z.array(performancePoint), ...errors },
    },
    handler: (request) => performance(app.readDb, requireTenant(request), request.query),
  });
}

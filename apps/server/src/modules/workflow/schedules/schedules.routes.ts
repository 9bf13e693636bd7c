// Schedules: GET /schedules and /v2/schedules (everything the caller sees), /schedules/user-schedules
// (the caller's own: My Tasks), /schedules/kpis (counts by status over the same filters) and
// /schedules/{id} (with eagerLoad=true, everything the runner needs). The fixed paths are
// registered before the one with an id. Answering a schedule: POST /v1/action-results (a member
// submits an answer, which moves their schedule) and POST /v1/action-results/{id}/override (a
// supervisor counts an answer kept for its location, which moves its schedule too). The caller's own lists, one schedule and answering
// are open to a member signed in on a shared kiosk (`kiosk: true`); nothing else is.
import { inspection } from '@fieldops/shared/inspections';
import { getInspection } from './inspection.service.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { CAPTURE_CLOCK_SKEW_MS, MAX_CAPTURE_AGE_MS, TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { heldAnswerResult, schedule, scheduleDetail, scheduleKpis, schedulesQuery, submitResult } from '@fieldops/shared/schedules';
import { uploadParts } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import type { Caller } from '../../../policies/caller.ts';
import { getSchedule, getScheduleDetail, listSchedules, scheduleKpis as computeKpis, type ScheduleListKind } from './schedules.service.ts';
import { submitAnswer } from './submit-answer.service.ts';
import { overrideAnswerLocation } from './answer-override.service.ts';
import { actionResult, overrideRequest } from '@fieldops/shared/answers';

/** `sort=start` or `start,asc|desc`: schedules are ordered by their start, then id. */
const listQuery = schedulesQuery.superRefine((query, ctx) => {
  if (query.sort && query.sort.split(',')[0] !== 'start') ctx.addIssue({ code: 'custom', path: ['sort'], message: MSG.invalid });
});
const detailQuery = z.object({ eagerLoad: z.enum(['true', 'false'], { error: MSG.invalid }).optional() });

/** The multipart form of the submit call, for the API documentation only (it is read by hand). */
const submitForm = z
  .object({
    scheduleId: z.number().int().describe("The schedule's id; it must be the caller's own, open and not paused."),
    actionId: z.number().int().describe("An action of the schedule's task that its chain rules do not hide."),
    value: z
      .string()
      .optional()
      .describe('The answer as JSON text: "\\"YES\\"", "3", "[\\"0\\",\\"2\\"]", "\\"2024-05-01\\"", "true". Empty for photo and voice actions.'),
    notes: z.string().optional().describe('Free notes, at most 2000 characters.'),
    important: z.enum(['true', 'false']).optional().describe('true flags the answer (Answers needing attention).'),
    latitude: z.number().optional().describe("The device's position; needed inside the site's geofence."),
    longitude: z.number().optional(),
    accuracy: z.number().optional().describe('Metres.'),
    capturedAt: z
      .string()
      .optional()
      .describe(
        'When the member captured the answer on the device, an ISO 8601 instant with its offset (2026-11-26T09:41:12.345Z), sent when the answer waited in the outbox. Absent: now.',
      ),
    photoPickedAt: z
      .string()
      .optional()
      .describe(
        "When the member took or picked the photo on the device (ISO 8601). The photo's metadata time is compared with it (absent: with capturedAt). Refused (400) when later than now plus the clock skew allowance, before the schedule's start or after capturedAt.",
      ),
    file: z.file().optional().describe('A photo: PNG, JPEG or GIF (by content), at most 10 MB. Required for photo actions.'),
    voice: z.file().optional().describe('A recording: WebM, Ogg, MP4/M4A, MPEG or WAV (by content), at most 10 MB. Required for voice actions.'),
  })
  // The form is streamed, so the body the validator sees is empty.
  .nullish();

export async function schedulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  const sendList = async (caller: Caller, kind: ScheduleListKind, query: z.output<typeof listQuery>, reply: FastifyReply) => {
    const { items, total } = await listSchedules(app.db, caller, kind, query);
    reply.header(TOTAL_COUNT_HEADER, total);
    return items;
  };

  r.get('/schedules/user-schedules', {
    config: { kiosk: true },
    schema: {
      tags: ['schedules'],
      description: "The caller's own schedules (My Tasks).",
      querystring: listQuery,
      response: { 200: z.array(schedule), ...errors },
    },
    handler: (request, reply) => sendList(requireTenant(request), 'own', request.query, reply),
  });

  r.get('/schedules/kpis', {
    config: { kiosk: true },
    schema: {
      tags: ['schedules'],
      description: 'Schedules by status over the list filters, and done / total as a percentage.',
      querystring: listQuery,
      response: { 200: scheduleKpis, ...errors },
    },
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
    config: { kiosk: true },
    schema: { tags: ['schedules'], params: idParam('id'), querystring: detailQuery, response: { 200: z.union([scheduleDetail, schedule]), ...errors } },
    handler: (request) =>
      request.query.eagerLoad === 'true'
        ? getScheduleDetail(app.db, requireTenant(request), request.params.id)
        : getSchedule(app.db, requireTenant(request), request.params.id),
  });

  r.get('/schedules/:id/inspection', {
    schema: { tags: ['schedules'], params: idParam('id'), response: { 200: inspection, ...errors } },
    handler: (request) => getInspection(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/action-results', {
    config: { kiosk: true },
    schema: {
      tags: ['answers'],
      summary: 'Submit an answer to an action of your schedule',
      description: [
        'multipart/form-data. The caller answers one action of their own schedule while it is open (start <= now < deadline) and its plan is not paused.',
        `An answer delivered later by the device carries \`capturedAt\`, and the window is judged on it: it is refused when later than now plus ${CAPTURE_CLOCK_SKEW_MS / 60_000} minutes (400), before the start (400), at or after the deadline (409) or older than ${MAX_CAPTURE_AGE_MS / 86_400_000} days (400), and otherwise taken. Arriving at or after the deadline (\`late\`), it counts, even to a schedule marked missed, only when the caller's device had read the schedule before the capture and it arrives within the business's lateAnswerHours; otherwise it is kept with held=UNPROVEN, not counted (201). With \`capturedAt\`, a paused plan keeps the answer with held=PAUSED, not counted (201), and a schedule of the caller that a plan change removed keeps it apart for the manager (202).`,
        'The value must fit the action type; a photo action needs part `file`, a voice action part `voice`. Files are checked by content and stored only when everything is valid.',
        "When the task has geoRestrictionEnabled and the site has a geofence (its polygon, else the circle of its radius around its position), the answer's locationStatus is INSIDE, OUTSIDE, or UNVERIFIED when it has no position or its accuracy is missing or wider than the task's accuracyThreshold (the site's radius when the task has none). An OUTSIDE or UNVERIFIED answer is kept with outside=true and is not counted.",
        'A counted answer moves the schedule pending or missed → inProgress, and → done once every required action the chain rules display has a counted answer (→ late when that work was captured at or after the on-time deadline `dueAt` of a plan with grace time).',
        'Errors: 400 (fields, value, action not in the schedule, hidden action, bad file, capture time), 403 not your schedule, 404 no such schedule, 409 paused (without capturedAt) or not open, 413 file over 10 MB.',
      ].join('\n\n'),
      consumes: ['multipart/form-data'],
      body: submitForm,
      response: { 201: submitResult, 202: heldAnswerResult, ...errors, 409: problem, 413: problem },
    },
    handler: async (request, reply) => {
      const outcome = await submitAnswer(app, requireTenant(request), uploadParts(request));
      return 'held' in outcome ? reply.status(202).send(outcome) : reply.status(201).send(outcome);
    },
  });

  r.post('/v1/action-results/:id/override', {
    schema: {
      tags: ['answers'],
      summary: 'Count an answer kept for its location as given at the site',
      description:
        "For an answer kept with outside=true (locationStatus OUTSIDE or UNVERIFIED): it counts from now on and moves its schedule as a counted answer does; the override (who, when, reason) is kept on the answer. Owners, admins and the supervisors of the answer's site. 403 for others, 404 for an answer the caller cannot see, 409 when the answer already counts for its location.",
      params: idParam('id'),
      body: overrideRequest,
      response: { 200: actionResult, ...errors, 409: problem },
    },
    handler: (request) => overrideAnswerLocation(app.db, requireTenant(request), request.params.id, request.body),
  });
}

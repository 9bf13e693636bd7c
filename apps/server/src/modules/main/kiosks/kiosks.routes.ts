// Shared-device kiosks. Owners and admins: POST /api/v1/kiosks (a kiosk for a site, with its
// one-time enrolment code), GET /api/v1/kiosks, GET /api/v1/kiosks/{id}/sign-ins, DELETE
// /api/v1/kiosks/{id} (revokes it at once) and PUT /api/v1/users/{userId}/kiosk-pin. The tablet:
// POST /api/v1/kiosk/enrol (public, with the code), then with its X-Kiosk-Token GET
// /api/v1/kiosk/members and POST /api/v1/kiosk/sign-in; the member it signs in ends their session
// with POST /api/v1/kiosk/sign-out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import {
  KIOSK_TOKEN_HEADER,
  createKioskRequest,
  createdKiosk,
  enrolKioskRequest,
  enrolKioskResponse,
  kiosk,
  kioskMember,
  kioskPinRequest,
  kioskSignInRecord,
  kioskSignInRequest,
  kioskSignInResponse,
  kiosksQuery,
} from '@fieldops/shared/kiosks';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { forbidden, unauthorized } from '../../../lib/errors.ts';
import type { KioskDevice } from '../../../lib/kiosk-devices.ts';
import { endSession } from '../../../lib/sessions.ts';
import { ADMINS, requireSession, requireTenant } from '../../../plugins/auth.ts';
import { enrolKiosk, kioskMembers, signInOnKiosk } from './kiosk-device.service.ts';
import { createKiosk, kioskSignIns, listKiosks, revokeKiosk, setMemberPin } from './kiosks.service.ts';

const ENROL_LIMIT = 20;
const deviceHeaders = z.object({ [KIOSK_TOKEN_HEADER.toLowerCase()]: z.string().optional().describe("The kiosk's device token, from its enrolment") });

export async function kiosksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const admins = { roles: ADMINS };

  r.post('/v1/kiosks', {
    config: admins,
    schema: {
      tags: ['kiosks'],
      summary: 'A kiosk for one site, with its enrolment code (shown once, working once for 24 hours)',
      body: createKioskRequest,
      response: { 201: createdKiosk, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createKiosk(app.db, requireTenant(request), request.body)),
  });

  r.get('/v1/kiosks', {
    config: admins,
    schema: {
      tags: ['kiosks'],
      summary: "The business's kiosks, newest first: site, state, last contact and last sign-in",
      querystring: kiosksQuery,
      response: { 200: z.array(kiosk), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listKiosks(app.db, requireTenant(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/kiosks/:id/sign-ins', {
    config: admins,
    schema: {
      tags: ['kiosks'],
      summary: "A kiosk's sign-in attempts, right and wrong PINs alike, newest first",
      params: idParam('id'),
      querystring: kiosksQuery,
      response: { 200: z.array(kioskSignInRecord), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await kioskSignIns(app.db, requireTenant(request), request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.delete('/v1/kiosks/:id', {
    config: admins,
    schema: {
      tags: ['kiosks'],
      summary: 'Revokes a kiosk: its device token and the member sessions on it stop working at once',
      params: idParam('id'),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await revokeKiosk(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put('/v1/users/:userId/kiosk-pin', {
    config: admins,
    schema: {
      tags: ['kiosks'],
      summary: "Sets a member's PIN (4 to 6 digits) for signing in on the business's kiosks",
      params: idParam('userId'),
      body: kioskPinRequest,
      response: { 200: z.object({ message: z.string() }), ...errors },
    },
    handler: async (request) => {
      await setMemberPin(app.db, requireTenant(request), request.params.userId, request.body.pin);
      return { message: MSG.kioskPinSaved };
    },
  });

  r.post('/v1/kiosk/enrol', {
    config: { access: 'public', addressLimit: ENROL_LIMIT },
    schema: {
      tags: ['kiosks'],
      summary: 'Enrols this tablet as a kiosk with its code; answers the device token it sends from now on in X-Kiosk-Token',
      body: enrolKioskRequest,
      response: { 200: enrolKioskResponse, 400: problem, 404: problem, 409: problem },
    },
    handler: (request) => enrolKiosk(app.db, request.body.code),
  });

  const device = (request: FastifyRequest): KioskDevice => {
    if (!request.kiosk) throw unauthorized(MSG.kioskNotEnrolled);
    return request.kiosk;
  };

  r.get('/v1/kiosk/members', {
    config: { access: 'kiosk' },
    schema: {
      tags: ['kiosks'],
      summary: "The members of the kiosk's site, by name, for the tablet's name list",
      headers: deviceHeaders,
      response: { 200: z.array(kioskMember), 401: problem },
    },
    handler: (request) => kioskMembers(app.db, device(request)),
  });

  r.post('/v1/kiosk/sign-in', {
    config: { access: 'kiosk' },
    schema: {
      tags: ['kiosks'],
      summary: 'Signs a member of the site in with their PIN, for their own schedules on this kiosk only',
      headers: deviceHeaders,
      body: kioskSignInRequest,
      response: { 200: kioskSignInResponse, ...errors, 409: problem, 429: problem },
    },
    handler: (request) => signInOnKiosk(app, device(request), request.body),
  });

  r.post('/v1/kiosk/sign-out', {
    config: { access: 'user', kiosk: true },
    schema: {
      tags: ['kiosks'],
      summary: 'Ends the session of the member signed in on this kiosk',
      headers: deviceHeaders,
      response: { 204: z.null(), 401: problem, 403: problem },
    },
    handler: async (request, reply) => {
      const { sessionId } = requireSession(request);
      if (!request.kiosk) throw forbidden();
      await endSession(app.db, sessionId);
      return reply.status(204).send(null);
    },
  });
}

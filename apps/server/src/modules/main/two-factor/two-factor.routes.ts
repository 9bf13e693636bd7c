// Two-factor sign-in and a business's security settings.
// The second step of a sign-in (public, with the challenge POST /api/authenticate answered):
// POST /api/authenticate/two-factor (a code or a recovery code → {id_token}) and, when a business
// requires two-factor and the person has none, POST /api/authenticate/two-factor/enrolment first.
// The person's own (any signed-in user): GET /api/v1/account/two-factor, POST …/enrolment,
// …/confirm, …/recovery-codes and …/disable. Owners and admins: GET/PUT /api/v1/business/security.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import {
  businessSecurity,
  businessSecurityRequest,
  challengeRequest,
  codeRequest,
  disableTwoFactorRequest,
  recoveryCodesResponse,
  totpEnrolment,
  twoFactorSignInRequest,
  twoFactorSignInResponse,
  twoFactorStatus,
} from '@fieldops/shared/two-factor';
import { createLoginLimiter } from '../../../lib/login-limiter.ts';
import { ADMINS, requireTenant, requireUser } from '../../../plugins/auth.ts';
import { getBusinessSecurity, updateBusinessSecurity } from './business-security.service.ts';
import { confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes, startEnrolment, twoFactorStatus as statusOf } from './two-factor-account.service.ts';
import { finishTwoFactorSignIn, startSignInEnrolment } from './two-factor.service.ts';

/** Enrolments started at sign-in per address and window: each makes a secret and a QR code. */
const ENROL_LIMIT = 20;

export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createLoginLimiter(app.db);
  // Answers with a secret or recovery codes are never kept for an Idempotency-Key's replay.
  const own = { access: 'user', idempotent: false } as const;
  const errors = { 400: problem, 401: problem, 403: problem, 409: problem, 429: problem };

  r.post('/authenticate/two-factor', {
    config: { access: 'public' },
    schema: {
      tags: ['account'],
      summary: "The sign-in's second step: the challenge with a code from the authenticator, or a recovery code, for the token",
      body: twoFactorSignInRequest,
      response: { 200: twoFactorSignInResponse, 400: problem, 401: problem, 409: problem, 429: problem },
    },
    handler: async (request) => finishTwoFactorSignIn(app, limiter, request.ip, request.body),
  });

  r.post('/authenticate/two-factor/enrolment', {
    config: { access: 'public', addressLimit: ENROL_LIMIT },
    schema: {
      tags: ['account'],
      summary: 'At a sign-in that must set up two-factor: a new secret and its QR code, confirmed with a code at POST /api/authenticate/two-factor',
      body: challengeRequest,
      response: { 200: totpEnrolment, 400: problem, 401: problem, 409: problem, 429: problem },
    },
    handler: async (request) => startSignInEnrolment(app.db, request.body.challenge),
  });

  r.get('/v1/account/two-factor', {
    config: own,
    schema: {
      tags: ['account'],
      summary: "Whether the caller's two-factor sign-in is on, and how many recovery codes are left",
      response: { 200: twoFactorStatus, ...errors },
    },
    handler: async (request) => statusOf(app.db, requireUser(request)),
  });

  r.post('/v1/account/two-factor/enrolment', {
    config: own,
    schema: {
      tags: ['account'],
      summary: 'Starts setting up an authenticator: its secret, otpauth:// address and QR code (shown now only)',
      response: { 200: totpEnrolment, ...errors },
    },
    handler: async (request) => startEnrolment(app.db, requireUser(request)),
  });

  r.post('/v1/account/two-factor/confirm', {
    config: own,
    schema: {
      tags: ['account'],
      summary: 'Turns two-factor sign-in on with a code from the new authenticator; answers the recovery codes (shown once)',
      body: codeRequest,
      response: { 200: recoveryCodesResponse, ...errors },
    },
    handler: async (request) => confirmEnrolment(app.db, requireUser(request), request.body.code),
  });

  r.post('/v1/account/two-factor/recovery-codes', {
    config: own,
    schema: {
      tags: ['account'],
      summary: 'New recovery codes, with a current code; the previous ones stop working',
      body: codeRequest,
      response: { 200: recoveryCodesResponse, ...errors },
    },
    handler: async (request) => regenerateRecoveryCodes(app, limiter, request.ip, requireUser(request), request.body.code),
  });

  r.post('/v1/account/two-factor/disable', {
    config: own,
    schema: {
      tags: ['account'],
      summary: "Turns two-factor sign-in off with a current code or the password; refused while a business requires it of the caller's role",
      body: disableTwoFactorRequest,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await disableTwoFactor(app, limiter, request.ip, requireUser(request), request.body);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/business/security', {
    config: { roles: ADMINS },
    schema: { tags: ['business'], summary: "The business's security settings", response: { 200: businessSecurity, ...errors } },
    handler: async (request) => getBusinessSecurity(app.db, requireTenant(request).businessId),
  });

  r.put('/v1/business/security', {
    config: { roles: ADMINS },
    schema: {
      tags: ['business'],
      summary: "Sets the business's security settings: two-factor for owners and administrators, and the audit log's days",
      body: businessSecurityRequest,
      response: { 200: businessSecurity, ...errors },
    },
    handler: async (request) => updateBusinessSecurity(app.db, requireTenant(request), request.body),
  });
}

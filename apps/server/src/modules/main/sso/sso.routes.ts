// Single sign-on with OpenID Connect. Owners and admins: GET, PUT and DELETE /api/v1/sso (the
// business's provider; its client secret is write-only). Public, for the sign-in page: GET
// /api/sso/providers/{slug} (the button's label), POST /api/sso/providers/{slug}/start (the
// provider's address), GET /api/sso/callback (where the provider sends the browser back; it goes on
// to /login/sso/done with the outcome in the fragment), POST /api/sso/session (the session it
// opened, from this browser's cookie), POST /api/sso/link/details and POST /api/sso/link
// (confirming, with the account's password, the link of a first sign-in).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponse } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import {
  SSO_CALLBACK_PATH,
  SSO_SESSION_PATH,
  SSO_SIGN_IN_MINUTES,
  saveSsoProviderRequest,
  ssoLinkDetails,
  ssoLinkLookupRequest,
  ssoLinkRequest,
  ssoLookup,
  ssoProvider,
  ssoStartRequest,
  ssoStartResponse,
} from '@fieldops/shared/sso';
import { badRequest } from '../../../lib/errors.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { deleteProvider, getProvider, saveProvider } from './sso-admin.service.ts';
import { SSO_STATE_COOKIE, confirmLink, finishSignIn, linkDetails, lookupSlug, startSignIn, type CallbackOutcome } from './sso.service.ts';

/** Sign-ins started and links tried per minute from one address. */
const START_LIMIT = 30;
const LINK_LIMIT = 20;
const DONE_PATH = '/login/sso/done';
const slugParam = z.object({ slug: z.string().max(100) });

function stateCookie(request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  return `${SSO_STATE_COOKIE}=${value}; Path=${SSO_CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The session a sign-in opened, for this browser alone: taken once from SSO_SESSION_PATH. */
const SESSION_COOKIE = 'fieldops_sso_session';
const SESSION_SECONDS = 120;

function sessionCookie(request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=${SSO_SESSION_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

const readStateCookie = (request: FastifyRequest) => readCookie(request, SSO_STATE_COOKIE);

/** The web app's page for the outcome, told in the fragment (never sent to a server, never logged). */
function doneAddress(outcome: CallbackOutcome) {
  const fragment = new URLSearchParams();
  if (outcome.kind === 'signedIn') {
    // The session itself waits in this browser's cookie (sessionCookie): the address says only that it is there.
    if ('id_token' in outcome.result) fragment.set('signedIn', '1');
    else {
      fragment.set('twoFactor', outcome.result.twoFactor);
      fragment.set('challenge', outcome.result.challenge);
    }
  } else if (outcome.kind === 'link') fragment.set('link', outcome.linkToken);
  else fragment.set('error', outcome.error);
  if (outcome.returnTo) fragment.set('to', outcome.returnTo);
  return `${DONE_PATH}#${fragment.toString()}`;
}

export async function ssoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const admins = { roles: ADMINS };

  r.get('/v1/sso', {
    config: admins,
    schema: {
      tags: ['sso'],
      summary: "The business's OpenID Connect provider (null when none is set); its client secret is never answered",
      response: { 200: ssoProvider.nullable(), ...errors },
    },
    handler: async (request) => getProvider(app.db, requireTenant(request)),
  });

  r.put('/v1/sso', {
    config: admins,
    schema: {
      tags: ['sso'],
      summary: "Sets the business's provider: its issuer is discovered first; a left-out client secret keeps the one saved",
      body: saveSsoProviderRequest,
      response: { 200: ssoProvider, ...errors, 409: problem },
    },
    handler: async (request) => saveProvider(app.db, app.ssoSettings, requireTenant(request), request.body),
  });

  r.delete('/v1/sso', {
    config: admins,
    schema: { tags: ['sso'], summary: "Removes the business's provider: sign-ins through it stop", response: { 204: z.null(), ...errors } },
    handler: async (request, reply: FastifyReply) => {
      await deleteProvider(app.db, requireTenant(request));
      return reply.status(204).send(null);
    },
  });

  r.get('/sso/providers/:slug', {
    config: { access: 'public' },
    schema: {
      tags: ['sso'],
      summary: "A sign-in name's provider label, for the sign-in page's button",
      params: slugParam,
      response: { 200: ssoLookup, 404: problem },
    },
    handler: async (request) => lookupSlug(app.db, request.params.slug),
  });

  r.post('/sso/providers/:slug/start', {
    config: { access: 'public', addressLimit: START_LIMIT },
    schema: {
      tags: ['sso'],
      summary: "Starts a sign-in through the provider: answers the provider's address to send the browser to",
      params: slugParam,
      body: ssoStartRequest,
      response: { 200: ssoStartResponse, 400: problem, 404: problem, 409: problem },
    },
    handler: async (request, reply) => {
      const { url, state } = await startSignIn(app, request.params.slug, request.body.returnTo);
      void reply.header('Set-Cookie', stateCookie(request, state, SSO_SIGN_IN_MINUTES * 60));
      return { url };
    },
  });

  r.get('/sso/callback', {
    config: { access: 'public', addressLimit: START_LIMIT, recordsEvents: true },
    schema: {
      tags: ['sso'],
      summary: "Where the provider sends the browser back: goes on to the web app's /login/sso/done with the outcome in the fragment",
      querystring: z.object({
        state: z.string().max(500).optional(),
        code: z.string().max(4000).optional(),
        iss: z.string().max(500).optional(),
        error: z.string().max(500).optional(),
      }),
      response: { 302: z.null() },
    },
    handler: async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const outcome = await finishSignIn(app, query, readStateCookie(request));
      const cookies = [stateCookie(request, '', 0)];
      if (outcome.kind === 'signedIn' && 'id_token' in outcome.result) cookies.push(sessionCookie(request, outcome.result.id_token, SESSION_SECONDS));
      void reply.header('Set-Cookie', cookies);
      void reply.header('Referrer-Policy', 'no-referrer');
      return reply.redirect(doneAddress(outcome), 302);
    },
  });

  r.post('/sso/session', {
    config: { access: 'public', addressLimit: LINK_LIMIT },
    schema: {
      tags: ['sso'],
      summary: "Takes the session a provider's sign-in opened in this browser (once, within two minutes)",
      response: { 200: loginResponse, 400: problem },
    },
    handler: async (request, reply) => {
      const token = readCookie(request, SESSION_COOKIE);
      void reply.header('Set-Cookie', sessionCookie(request, '', 0));
      void reply.header('Cache-Control', 'no-store');
      if (!token) throw badRequest(MSG.ssoSignInExpired);
      return { id_token: token };
    },
  });

  r.post('/sso/link/details', {
    config: { access: 'public', addressLimit: LINK_LIMIT },
    schema: {
      tags: ['sso'],
      summary: 'The pending link of a first sign-in: the provider and the account it would be linked to',
      body: ssoLinkLookupRequest,
      response: { 200: ssoLinkDetails, 400: problem, 404: problem },
    },
    handler: async (request) => linkDetails(app.db, request.body.linkToken),
  });

  r.post('/sso/link', {
    config: { access: 'public', addressLimit: LINK_LIMIT },
    schema: {
      tags: ['sso'],
      summary: "Confirms the pending link with the account's password: the account is linked and signed in",
      body: ssoLinkRequest,
      response: { 200: loginResponse, 400: problem, 404: problem, 429: problem },
    },
    handler: async (request) => confirmLink(app, request.body.linkToken, request.body.password),
  });
}

// Invitations: inviting people by e-mail to one site or several (/api/v1/teams/{teamId}/users,
// /api/v1/team-members: each invite answers the invitation as typed, whether or not the e-mail
// already had an account), the business's list and cancel (/api/v1/invitations), and the invited
// person's own pending invitations with accept and decline (/api/v1/account/invitations), which
// take the invitation's key: the business issues one (/api/v1/invitations/{id}/key) and hands it
// over as a link, and the person opens it (/api/v1/account/invitations/lookup).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, invitation, invitationAnswerRequest, invitationKey, invitationsQuery, myInvitation } from '@fieldops/shared/account';
import { id, idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { inviteMemberRequest, inviteToSitesRequest } from '@fieldops/shared/organisation';
import { requireTenant, requireUser } from '../../../plugins/auth.ts';
import { requireAccount } from '../account/account.service.ts';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  invitationForKey,
  inviteMember,
  issueInvitationKey,
  listInvitations,
  myInvitations,
} from './invitations.service.ts';

const teamParam = z.object({ teamId: id });

export async function invitationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.post('/v1/teams/:teamId/users', {
    schema: { tags: ['sites'], params: teamParam, body: inviteMemberRequest, response: { 201: invitation, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await inviteMember(app.db, requireTenant(request), [request.params.teamId], request.body, undefined, app.mailSettings.appUrl)),
  });

  r.post('/v1/team-members', {
    schema: { tags: ['sites'], body: inviteToSitesRequest, response: { 201: invitation, ...errors } },
    handler: async (request, reply) => {
      const { teams, ...invite } = request.body;
      return reply.status(201).send(await inviteMember(app.db, requireTenant(request), teams, invite, 'teams', app.mailSettings.appUrl));
    },
  });

  r.get('/v1/invitations', {
    schema: { tags: ['members'], querystring: invitationsQuery, response: { 200: z.array(invitation), ...errors } },
    handler: async (request, reply) => {
      const { status, page, size } = request.query;
      const { items, total } = await listInvitations(app.db, requireTenant(request), status, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.delete('/v1/invitations/:id', {
    schema: { tags: ['members'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await cancelInvitation(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/invitations/:id/key', {
    schema: { tags: ['members'], params: idParam('id'), response: { 200: invitationKey, ...errors } },
    handler: (request) => issueInvitationKey(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/account/invitations/lookup', {
    config: { access: 'user' },
    schema: { tags: ['account'], body: invitationKey, response: { 200: myInvitation, ...errors } },
    handler: (request) => invitationForKey(app.db, request.body.key),
  });

  r.get('/v1/account/invitations', {
    config: { access: 'user' },
    schema: { tags: ['account'], response: { 200: z.array(myInvitation), ...errors } },
    handler: (request) => myInvitations(app.db, requireUser(request)),
  });

  r.post('/v1/account/invitations/:id/accept', {
    config: { access: 'user' },
    schema: { tags: ['account'], params: idParam('id'), body: invitationAnswerRequest, response: { 200: account, ...errors } },
    handler: async (request) => {
      const userId = requireUser(request);
      await acceptInvitation(app.db, userId, request.params.id, request.body?.key);
      return requireAccount(app, userId);
    },
  });

  r.post('/v1/account/invitations/:id/decline', {
    config: { access: 'user' },
    schema: { tags: ['account'], params: idParam('id'), body: invitationAnswerRequest, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await declineInvitation(app.db, requireUser(request), request.params.id, request.body?.key);
      return reply.status(204).send(null);
    },
  });
}

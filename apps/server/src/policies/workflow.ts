// Who may change tasks, actions, chain rules, tags, templates and plans (DESIGN §4): owners,
// admins and anyone who supervises a site of the business. Every member of the business reads them.
import type { FastifyRequest } from 'fastify';
import { requireTenant } from '../plugins/auth.ts';
import { requireAdminOrSupervisor } from './sites.ts';

/** A route `preHandler`: runs after sign-in and tenancy are settled, refuses with 403. */
export async function workflowEditorsOnly(request: FastifyRequest) {
  await requireAdminOrSupervisor(request.server.db, requireTenant(request));
}

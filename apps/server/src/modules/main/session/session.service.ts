// Everything the web app reads to open, gathered in one round trip: the same parts the account
// load sequence (spec §4) reads one by one, from the same services, for the business the app
// asks for (its stored key) or else the account's default business.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { SESSION_TEAM_MEMBER_SITES, type SessionBootstrap } from '@fieldops/shared/session';
import type { BusinessIdentity } from '@fieldops/shared/account';
import { notFound } from '../../../lib/errors.ts';
import { requireAccount } from '../account/account.service.ts';
import { businessRowOf, lookupsOf, toBusiness } from '../businesses/businesses.service.ts';
import { myInvitations } from '../invitations/invitations.service.ts';
import { findMember, listMembers } from '../members/members.service.ts';
import { membersOfSite } from '../teams/team-members.service.ts';
import { listSites } from '../teams/teams.service.ts';

/** The business asked for when it is one of the account's, else the default one, else the first. */
export function chooseIdentity(identities: readonly BusinessIdentity[], requestedKey: string | null): BusinessIdentity | null {
  return identities.find((identity) => identity.apiKey === requestedKey) ?? identities.find((identity) => identity.defaultBusiness) ?? identities[0] ?? null;
}

export async function loadSession(app: FastifyInstance, userId: number, requestedKey: string | null): Promise<SessionBootstrap> {
  const [account, invitations] = await Promise.all([requireAccount(app, userId), myInvitations(app.db, userId)]);
  // A password an admin chose comes first: nothing of a business, nor of an invitation, until the
  // person chose their own.
  if (account.mustChangePassword) return { account, workspace: null, invitations: [] };
  const identity = chooseIdentity(account.businessIdentities ?? [], requestedKey);
  if (!identity) return { account, workspace: null, invitations };

  const { businessId } = identity;
  const [member, row, lookups, sites, members] = await Promise.all([
    findMember(app.db, businessId, userId),
    businessRowOf(app.db, businessId),
    lookupsOf(app.db, businessId),
    listSites(app.db, businessId, {}, { page: 0, size: MAX_PAGE_SIZE }),
    listMembers(app.db, businessId, {}, { page: 0, size: DEFAULT_PAGE_SIZE }),
  ]);
  // Taken out of the business between reading the account and now.
  if (!member || !row) throw notFound(MSG.businessNotFound);
  const ownSites = (member.teams ?? []).slice(0, SESSION_TEAM_MEMBER_SITES);
  const teamMembers = await Promise.all(ownSites.map(async (team) => [String(team.id), (await membersOfSite(app.db, businessId, team.id)).items] as const));
  return {
    account,
    workspace: {
      apiKey: identity.apiKey,
      member,
      business: toBusiness(row, identity.role),
      lookups,
      sites,
      members,
      teamMembers: Object.fromEntries(teamMembers),
      managedProfile: row.managedProfile,
    },
    invitations,
  };
}

// The account load sequence run behind the splash (spec §4) — account, business key, member, then
// the business, its lookups, sites, members, the member's site colleagues, the managed-profile
// flag and the pending invitations — read in one call (GET /api/v1/account/session) that also
// seeds the query caches of the matching endpoints. An account whose password an administrator
// chose stops after the account: the person chooses their own first (every business call answers
// 403 until then).
import type { QueryClient } from '@tanstack/react-query';
import type { Account, MemberTeam } from '@fieldops/shared/account';
import type { SessionBootstrap } from '@fieldops/shared/session';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { setApiKey } from '../storage.ts';
import { accountQueryKey } from './api/get-account.ts';
import { businessQueryKey } from './api/get-business.ts';
import { businessMembersQueryKey } from './api/get-business-members.ts';
import { lookupsQueryKey } from './api/get-lookups.ts';
import { managedProfileQueryKey } from './api/get-managed-profile.ts';
import { memberQueryKey } from './api/get-member.ts';
import { myInvitationsQueryKey } from './api/get-my-invitations.ts';
import { fetchSessionBootstrap } from './api/get-session.ts';
import { allSitesQueryKey } from './api/get-sites.ts';
import { teamMembersQueryKey } from './api/get-team-members.ts';
import type { Session, SessionSite, Site, TeamMember } from './types.ts';

export class NoBusinessError extends Error {
  constructor() {
    super(MSG.noBusiness);
    this.name = 'NoBusinessError';
  }
}

/** The signed-in person must choose their own password before anything else loads. */
export class PasswordChangeRequiredError extends Error {
  readonly account: Account;

  constructor(account: Account) {
    super(MSG.passwordChangeRequired);
    this.name = 'PasswordChangeRequiredError';
    this.account = account;
  }
}

/** Marks each site with the member's own authority and position there (null elsewhere). */
export function mergeTeamsIntoSites(sites: readonly Site[], teams: readonly MemberTeam[]): SessionSite[] {
  const byId = new Map(teams.map((team) => [team.id, team]));
  return sites.map((site) => {
    const team = byId.get(site.id);
    return { ...site, myAuthority: team?.authority ?? null, myPosition: team?.position ?? null };
  });
}

export async function loadSession(queryClient: QueryClient, signal?: AbortSignal): Promise<Session> {
  return sessionFromBootstrap(queryClient, await fetchSessionBootstrap(signal));
}

/** The session of one answer of the session call, with each of its parts put in the cache. */
export function sessionFromBootstrap(queryClient: QueryClient, { account, workspace, invitations }: SessionBootstrap): Session {
  queryClient.setQueryData(accountQueryKey, account);
  queryClient.setQueryData(myInvitationsQueryKey, invitations);
  if (account.mustChangePassword) throw new PasswordChangeRequiredError(account);
  if (!workspace) throw new NoBusinessError();
  // Every later call is read within the business the session opened.
  setApiKey(workspace.apiKey);

  const { member, business, lookups, sites, members, managedProfile } = workspace;
  const teamMembers: Record<number, TeamMember[]> = {};
  for (const [teamId, list] of Object.entries(workspace.teamMembers)) teamMembers[Number(teamId)] = list;
  queryClient.setQueryData(memberQueryKey(account.id), member);
  queryClient.setQueryData(businessQueryKey(business.id), business);
  queryClient.setQueryData(lookupsQueryKey(workspace.apiKey), lookups);
  queryClient.setQueryData(allSitesQueryKey, { data: sites.items, total: sites.total });
  queryClient.setQueryData(businessMembersQueryKey(business.id, 0, DEFAULT_PAGE_SIZE), { data: members.items, total: members.total });
  queryClient.setQueryData(managedProfileQueryKey, { managedProfile });
  for (const [teamId, list] of Object.entries(teamMembers)) queryClient.setQueryData(teamMembersQueryKey(Number(teamId)), list);

  const teams = member.teams ?? [];
  return {
    account,
    member,
    business,
    apiKey: workspace.apiKey,
    role: business.ownershipType,
    lookups,
    sites: mergeTeamsIntoSites(sites.items, teams),
    teams,
    members: members.items,
    membersTotal: members.total,
    teamMembers,
    managedProfile,
  };
}

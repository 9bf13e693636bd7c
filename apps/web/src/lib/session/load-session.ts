// The account load sequence run behind the splash (spec §4): account, business key, member,
// then the business, its lookups, sites, members, the member's site colleagues and the
// managed-profile flag. Results also seed the query caches of the matching endpoints. An account
// whose password an administrator chose stops after the account: the person chooses their own
// first (every business call answers 403 until then).
import type { QueryClient } from '@tanstack/react-query';
import type { Account, BusinessIdentity, MemberTeam } from '@fieldops/shared/account';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { getApiKey, setApiKey } from '../storage.ts';
import { accountQueryKey, fetchAccount } from './api/get-account.ts';
import { businessQueryKey, fetchBusiness } from './api/get-business.ts';
import { businessMembersQueryKey, fetchBusinessMembers } from './api/get-business-members.ts';
import { fetchLookups, lookupsQueryKey } from './api/get-lookups.ts';
import { fetchManagedProfile, managedProfileQueryKey } from './api/get-managed-profile.ts';
import { fetchMember, memberQueryKey } from './api/get-member.ts';
import { allSitesQueryKey, fetchAllSites } from './api/get-sites.ts';
import { fetchTeamMembers, teamMembersQueryKey } from './api/get-team-members.ts';
import type { Session, SessionSite, Site, TeamMember } from './types.ts';

/** At most this many sites have their members loaded up front. */
export const MAX_TEAM_MEMBER_LOADS = 10;

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

/** The stored key when it is still one of the account's, else the default business, else the first. */
export function chooseBusinessIdentity(
  identities: readonly BusinessIdentity[],
  storedKey: string | null,
): BusinessIdentity | null {
  return (
    identities.find((identity) => identity.apiKey === storedKey) ??
    identities.find((identity) => identity.defaultBusiness) ??
    identities[0] ??
    null
  );
}

/** Marks each site with the member's own authority and position there (null elsewhere). */
export function mergeTeamsIntoSites(sites: readonly Site[], teams: readonly MemberTeam[]): SessionSite[] {
  const byId = new Map(teams.map((team) => [team.id, team]));
  return sites.map((site) => {
    const team = byId.get(site.id);
    return { ...site, myAuthority: team?.authority ?? null, myPosition: team?.position ?? null };
  });
}

async function loadTeamMembers(teams: readonly MemberTeam[], signal?: AbortSignal) {
  const loaded = await Promise.all(
    teams.slice(0, MAX_TEAM_MEMBER_LOADS).map(async (team) => [team.id, await fetchTeamMembers(team.id, signal)] as const),
  );
  return Object.fromEntries(loaded) as Record<number, TeamMember[]>;
}

export async function loadSession(queryClient: QueryClient, signal?: AbortSignal): Promise<Session> {
  const account = await fetchAccount(signal);
  queryClient.setQueryData(accountQueryKey, account);
  if (account.mustChangePassword) throw new PasswordChangeRequiredError(account);
  const identity = chooseBusinessIdentity(account.businessIdentities ?? [], getApiKey());
  if (!identity) throw new NoBusinessError();
  // The key goes first: the member and everything after it are read within that business.
  setApiKey(identity.apiKey);

  const member = await fetchMember(account.id, signal);
  const teams = member.teams ?? [];
  const [business, lookups, sites, members, teamMembers, managed] = await Promise.all([
    fetchBusiness(identity.businessId, signal),
    fetchLookups(identity.apiKey, signal),
    fetchAllSites(signal),
    fetchBusinessMembers(identity.businessId, 0, DEFAULT_PAGE_SIZE, signal),
    loadTeamMembers(teams, signal),
    fetchManagedProfile(signal),
  ]);

  queryClient.setQueryData(memberQueryKey(account.id), member);
  queryClient.setQueryData(businessQueryKey(business.id), business);
  queryClient.setQueryData(lookupsQueryKey(identity.apiKey), lookups);
  queryClient.setQueryData(allSitesQueryKey, sites);
  queryClient.setQueryData(businessMembersQueryKey(business.id, 0, DEFAULT_PAGE_SIZE), members);
  queryClient.setQueryData(managedProfileQueryKey, managed);
  for (const [teamId, list] of Object.entries(teamMembers)) {
    queryClient.setQueryData(teamMembersQueryKey(Number(teamId)), list);
  }

  return {
    account,
    member,
    business,
    apiKey: identity.apiKey,
    role: business.ownershipType,
    lookups,
    sites: mergeTeamsIntoSites(sites.data, teams),
    teams,
    members: members.data,
    membersTotal: members.total,
    teamMembers,
    managedProfile: managed.managedProfile,
  };
}

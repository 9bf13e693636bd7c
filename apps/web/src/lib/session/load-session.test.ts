import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account, Business } from '@fieldops/shared/account';
import { createQueryClient } from '../query-client.ts';
import { accountQueryKey } from './api/get-account.ts';
import { fakeMember, sessionAnswer } from '../../test/session.tsx';
import { myInvitationsQueryKey } from './api/get-my-invitations.ts';
import { allSitesQueryKey } from './api/get-sites.ts';
import { NoBusinessError, PasswordChangeRequiredError, loadSession, mergeTeamsIntoSites } from './load-session.ts';
import { makeSite } from '../../test/organisation.ts';

const identity = (businessId: number, apiKey: string, defaultBusiness = false) => ({
  businessId,
  businessName: `Business ${businessId}`,
  apiKey,
  defaultBusiness,
  role: 'OWNER' as const,
});

const account: Account = {
  id: 7,
  username: 'demo',
  fullName: 'Demo Owner',
  email: 'demo@example.com',
  avatar: null,
  countryCode: null,
  phone: null,
  bio: null,
  businessIdentities: [identity(1, 'key-1'), identity(2, 'key-2', true)],
  mustChangePassword: false,
};

const member = fakeMember({
  userId: 7,
  name: 'demo',
  fullName: 'Demo Owner',
  username: 'demo',
  email: 'demo@example.com',
  authority: 'OWNER',
  teams: [{ id: 11, name: 'North', authority: 'SUPERVISOR', position: 'Lead' }],
});

const business: Business = {
  id: 2,
  name: 'Business 2',
  colour: '#4263eb',
  logo: null,
  ownershipType: 'ADMIN',
  apiKey: 'key-2',
  timeZone: 'Asia/Riyadh',
  industryId: null,
  managedProfile: false,
  lateAnswerHours: 24,
};

const site = (id: number, name: string) => makeSite(id, name);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('mergeTeamsIntoSites', () => {
  it("marks the member's own sites with their authority and position", () => {
    const merged = mergeTeamsIntoSites([site(10, 'South'), site(11, 'North')], member.teams);
    expect(merged.map((s) => [s.id, s.myAuthority, s.myPosition])).toEqual([
      [10, null, null],
      [11, 'SUPERVISOR', 'Lead'],
    ]);
  });
});

describe('loadSession', () => {
  function stubServer(accountAnswer: Account) {
    const seen: { path: string; apiKey: string | null }[] = [];
    const answers: Record<string, unknown> = {
      '/api/v1/account': accountAnswer,
      '/api/v1/account/invitations': [],
      '/api/users/7': member,
      '/api/v1/businesses/2': business,
      '/api/v1/business/config/api-key/key-2/lookup': { projectTypes: [], teamTypes: [] },
      '/api/v1/teams': [site(10, 'South'), site(11, 'North')],
      '/api/v1/businesses/2/members': [member],
      '/api/v1/teams/11/members': [],
      '/api/v1/business/config/managed-profile': { managedProfile: true },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit) => {
        const path = input.split('?')[0];
        seen.push({ path, apiKey: new Headers(init.headers).get('X-Api-Key') });
        return path === '/api/v1/account/session' ? sessionAnswer((p) => answers[p]) : new Response('', { status: 404 });
      }),
    );
    return seen;
  }

  it('reads the session in one call with the stored key, stores the business key it opened and seeds the caches', async () => {
    localStorage.setItem('apiKey', 'not-mine');
    const seen = stubServer(account);
    const queryClient = createQueryClient();

    const session = await loadSession(queryClient);

    expect(seen).toEqual([{ path: '/api/v1/account/session', apiKey: 'not-mine' }]);
    expect(localStorage.getItem('apiKey')).toBe('key-2');
    expect(session.role).toBe('ADMIN');
    expect(session.membersTotal).toBe(1);
    expect(session.managedProfile).toBe(true);
    expect(session.sites.find((s) => s.id === 11)?.myAuthority).toBe('SUPERVISOR');
    expect(session.teamMembers).toEqual({ 11: [] });
    expect(queryClient.getQueryData(accountQueryKey)).toEqual(account);
    expect(queryClient.getQueryData(myInvitationsQueryKey)).toEqual([]);
    expect(queryClient.getQueryData(allSitesQueryKey)).toEqual({ data: [site(10, 'South'), site(11, 'North')], total: 2 });
  });

  it('fails with "You don\'t have any business" when the account has none', async () => {
    stubServer({ ...account, businessIdentities: [] });
    await expect(loadSession(createQueryClient())).rejects.toBeInstanceOf(NoBusinessError);
  });

  it('stops at the account when the person must choose their own password', async () => {
    stubServer({ ...account, mustChangePassword: true });
    await expect(loadSession(createQueryClient())).rejects.toBeInstanceOf(PasswordChangeRequiredError);
  });
});

// A signed-in session for component tests: an owner of business 2 by default, with overrides.
import type { ReactElement } from 'react';
import type { BusinessRole } from '@fieldops/shared/enums';
import type { Member, MemberTeam } from '@fieldops/shared/account';
import { SessionContext, type SessionContextValue } from '../lib/session/session-context.ts';
import { renderWithProviders } from './render.tsx';

/** A member of business 2 for tests: active, in no site, with nothing optional filled in. */
export function fakeMember(fields: Pick<Member, 'userId' | 'fullName' | 'username' | 'email' | 'authority'> & Partial<Member>): Member {
  return {
    name: fields.fullName,
    position: null,
    status: 'ACTIVE',
    active: true,
    phone: null,
    countryCode: null,
    bio: null,
    avatar: null,
    imageUrl: null,
    businessId: 2,
    teams: [],
    createdHere: false,
    rank: null,
    ...fields,
  };
}

interface FakeSessionOptions {
  role?: BusinessRole;
  teams?: MemberTeam[];
}

export function fakeSession({ role = 'OWNER', teams = [] }: FakeSessionOptions = {}): SessionContextValue {
  const business = {
    id: 2,
    name: 'Acme Services',
    colour: '#0ca678',
    logo: null,
    ownershipType: role,
    apiKey: 'key-2',
    timeZone: 'Asia/Riyadh',
    industryId: null,
    managedProfile: false,
    lateAnswerHours: 24,
  };
  return {
    account: {
      id: 7,
      username: 'demo',
      fullName: 'Demo Owner',
      email: 'demo@example.com',
      avatar: null,
      countryCode: null,
      phone: null,
      bio: null,
      businessIdentities: [{ businessId: 2, businessName: 'Acme Services', apiKey: 'key-2', defaultBusiness: true, role }],
      mustChangePassword: false,
    },
    member: fakeMember({ userId: 7, fullName: 'Demo Owner', username: 'demo', email: 'demo@example.com', authority: role, teams }),
    business,
    apiKey: 'key-2',
    role,
    lookups: { projectTypes: [], teamTypes: [] },
    sites: [],
    teams,
    members: [],
    membersTotal: 0,
    teamMembers: {},
    managedProfile: false,
    refresh: async () => undefined,
  };
}

export function renderWithSession(ui: ReactElement, options: { route?: string; session?: SessionContextValue } = {}) {
  const session = options.session ?? fakeSession();
  return renderWithProviders(<SessionContext.Provider value={session}>{ui}</SessionContext.Provider>, { route: options.route });
}

export interface StubCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Replaces fetch: `answer` gives the response for each call; every call is recorded. */
export function stubFetch(answer: (call: StubCall) => Response | undefined) {
  const calls: StubCall[] = [];
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null),
    };
    calls.push(call);
    return (
      answer(call) ??
      new Response(JSON.stringify({ status: 404, message: 'Page not found. Please try again.' }), {
        status: 404,
        headers: { 'Content-Type': 'application/problem+json' },
      })
    );
  };
  return { calls, fetchMock };
}

export const problem = (status: number, message: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, message }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

export const list = (items: unknown[], total = items.length) => Response.json(items, { headers: { 'X-Total-Count': String(total) } });

/**
 * The answer of GET /api/v1/account/session put together from what the single endpoints answer
 * (`read(path)`, undefined where there is nothing): the account, then the parts of the business
 * the account's default (or first) identity names.
 */
export function sessionAnswer(read: (path: string) => unknown): Response {
  const account = read('/api/v1/account') as {
    id: number;
    mustChangePassword?: boolean;
    businessIdentities?: { businessId: number; apiKey: string; defaultBusiness: boolean }[];
  };
  const invitations = read('/api/v1/account/invitations') ?? [];
  const identities = account.businessIdentities ?? [];
  const identity = account.mustChangePassword ? undefined : (identities.find((i) => i.defaultBusiness) ?? identities[0]);
  if (!identity) return Response.json({ account, workspace: null, invitations });
  const member = read(`/api/users/${account.id}`) as { teams?: { id: number }[] };
  const items = (path: string) => {
    const found = (read(path) ?? []) as unknown[];
    return { items: found, total: found.length };
  };
  return Response.json({
    account,
    workspace: {
      apiKey: identity.apiKey,
      member,
      business: read(`/api/v1/businesses/${identity.businessId}`),
      lookups: read(`/api/v1/business/config/api-key/${identity.apiKey}/lookup`) ?? { projectTypes: [], teamTypes: [] },
      sites: items('/api/v1/teams'),
      members: items(`/api/v1/businesses/${identity.businessId}/members`),
      teamMembers: Object.fromEntries((member.teams ?? []).map((team) => [String(team.id), read(`/api/v1/teams/${team.id}/members`) ?? []])),
      managedProfile: (read('/api/v1/business/config/managed-profile') as { managedProfile?: boolean } | undefined)?.managedProfile ?? false,
    },
    invitations,
  });
}

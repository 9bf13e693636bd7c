import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderRoutes } from '../test/render.tsx';
import { problem, sessionAnswer, stubFetch, type StubCall } from '../test/session.tsx';
import { routes } from './routes.tsx';

const identity = { businessId: 2, businessName: 'Acme Services', apiKey: 'key-2', defaultBusiness: true, role: 'OWNER' };
const account = (changes: Record<string, unknown>) => ({
  id: 7,
  username: 'nada',
  fullName: 'Nada Saleh',
  email: 'nada@example.com',
  avatar: null,
  countryCode: null,
  phone: null,
  bio: null,
  businessIdentities: [identity],
  mustChangePassword: false,
  ...changes,
});

/** The rest of the load sequence, for a member of business 2. */
const business: Record<string, unknown> = {
  '/api/users/7': { userId: 7, fullName: 'Nada Saleh', username: 'nada', email: 'nada@example.com', teams: [], avatar: null },
  '/api/v1/businesses/2': {
    id: 2,
    name: 'Acme Services',
    colour: '#0ca678',
    logo: null,
    ownershipType: 'OWNER',
    apiKey: 'key-2',
    timeZone: 'Asia/Riyadh',
    industryId: null,
    managedProfile: false,
  },
  '/api/v1/business/config/api-key/key-2/lookup': { projectTypes: [], teamTypes: [] },
  '/api/v1/teams': [],
  '/api/v1/businesses/2/members': [],
  '/api/v1/business/config/managed-profile': { managedProfile: false },
};

const isBusinessCall = (call: StubCall) => call.path in business;
const sessionReads = (calls: StubCall[]) => calls.filter((call) => call.path === '/api/v1/account/session').length;

afterEach(() => vi.unstubAllGlobals());

describe('session gate', () => {
  it('asks a person whose password an admin chose for their own before anything else', async () => {
    localStorage.setItem('id_token', 'tok');
    let mustChange = true;
    const read = (path: string) => (path === '/api/v1/account' ? account({ mustChangePassword: mustChange }) : business[path]);
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/account/session') return sessionAnswer(read);
      if (path === '/api/v1/account') return Response.json(account({ mustChangePassword: mustChange }));
      if (method === 'PUT' && path === '/api/v1/account/password') {
        mustChange = false;
        return new Response(null, { status: 204 });
      }
      if (path === '/api/v1/account/invitations') return Response.json([]);
      if (path in business) return Response.json(business[path]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/' });

    expect(await screen.findByRole('heading', { name: 'Choose your password' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(calls.filter(isBusinessCall)).toEqual([]);
    expect(sessionReads(calls)).toBe(1);

    await user.type(screen.getByLabelText(/^Current password/), 'given-by-admin');
    await user.type(screen.getByLabelText(/^New password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'my-own-secret');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));

    expect(await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose your password' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'given-by-admin', newPassword: 'my-own-secret' });
    // The session is read again, now with the business.
    expect(sessionReads(calls)).toBe(2);
  });

  it('goes back to the choose-password screen when a call answers that a password change is required', async () => {
    localStorage.setItem('id_token', 'tok');
    let mustChange = false;
    const { fetchMock } = stubFetch(({ path }) => {
      if (path === '/api/v1/account/session') {
        return sessionAnswer((p) => (p === '/api/v1/account' ? account({ mustChangePassword: mustChange }) : business[p]));
      }
      if (path === '/api/v1/account') return Response.json(account({ mustChangePassword: mustChange }));
      if (path === '/api/v1/account/invitations') return Response.json([]);
      if (path === '/api/v1/projects/all/business') {
        mustChange = true;
        return problem(403, MSG.passwordChangeRequired);
      }
      if (path in business) return Response.json(business[path]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { route: '/projects' });
    expect(await screen.findByRole('heading', { name: 'Choose your password' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows a person without a business their invitations; accepting one opens the app', async () => {
    localStorage.setItem('id_token', 'tok');
    let joined = false;
    const invitations = () =>
      joined
        ? []
        : [
            {
              id: 5,
              businessName: 'Acme Services',
              businessColour: '#0ca678',
              teams: [{ id: 1, name: 'North' }],
              authority: 'MEMBER',
              position: null,
              invitedBy: 'Demo Owner',
              createdAt: '2025-03-02T09:00:00Z',
            },
          ];
    const read = (path: string) =>
      path === '/api/v1/account'
        ? account({ businessIdentities: joined ? [identity] : [] })
        : path === '/api/v1/account/invitations'
          ? invitations()
          : business[path];
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/account/session') return sessionAnswer(read);
      if (path === '/api/v1/account') return Response.json(read(path));
      if (path === '/api/v1/account/invitations') return Response.json(invitations());
      if (method === 'POST' && path === '/api/v1/account/invitations/5/accept') {
        joined = true;
        return Response.json(account({}));
      }
      if (path in business) return Response.json(business[path]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { route: '/' });

    expect(await screen.findByRole('heading', { name: MSG.noBusiness })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Acme Services' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByTestId('business-name', {}, { timeout: 10_000 })).toHaveTextContent('Acme Services');
    expect(sessionReads(calls)).toBe(2);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { accountQueryKey } from '../../lib/session/api/get-account.ts';
import { fakeSession, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { InvitationsPage } from './invitations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const MINE = '/api/v1/account/invitations';

const invitation = (id: number, businessName: string) => ({
  id,
  businessName,
  businessColour: '#e8590c',
  teams: [
    { id: 30 + id, name: 'Tower A' },
    { id: 40 + id, name: 'Tower B' },
  ],
  authority: 'SUPERVISOR',
  position: 'Shift lead',
  invitedBy: 'Sara Owner',
  createdAt: '2025-03-02T09:00:00Z',
});

const session = fakeSession();
const joinedAccount = {
  ...session.account,
  businessIdentities: [
    ...session.account.businessIdentities,
    { businessId: 9, businessName: 'Nile Facilities', apiKey: 'key-9', defaultBusiness: false, role: 'MEMBER' },
  ],
};

function stubInvitations(pending: ReturnType<typeof invitation>[]) {
  let current = pending;
  const stub = stubFetch(({ method, path }) => {
    if (method === 'GET' && path === MINE) return Response.json(current);
    const accept = /^\/api\/v1\/account\/invitations\/(\d+)\/accept$/.exec(path);
    if (method === 'POST' && accept) {
      current = current.filter((item) => item.id !== Number(accept[1]));
      return Response.json(joinedAccount);
    }
    const decline = /^\/api\/v1\/account\/invitations\/(\d+)\/decline$/.exec(path);
    if (method === 'POST' && decline) {
      current = current.filter((item) => item.id !== Number(decline[1]));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const listReads = (calls: ReturnType<typeof stubInvitations>) => calls.filter((call) => call.method === 'GET' && call.path === MINE).length;

describe('invitations page', () => {
  it('lists each invitation with its business, sites, role and who invited', async () => {
    stubInvitations([invitation(1, 'Nile Facilities'), invitation(2, 'Gulf Cleaning')]);
    renderWithSession(<InvitationsPage />, { session });
    const card = await screen.findByRole('article', { name: 'Nile Facilities' });
    expect(within(card).getByText('Supervisor')).toBeInTheDocument();
    expect(within(card).getByText('Shift lead')).toBeInTheDocument();
    expect(within(card).getByText('Tower A and Tower B')).toBeInTheDocument();
    expect(within(card).getByText(/Invited by Sara Owner on/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Gulf Cleaning' })).toBeInTheDocument();
  });

  it('accepts: the account is refreshed with the new business, which can be opened', async () => {
    const calls = stubInvitations([invitation(1, 'Nile Facilities')]);
    const { queryClient } = renderWithSession(<InvitationsPage />, { session });
    const card = await screen.findByRole('article', { name: 'Nile Facilities' });

    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(MSG.invitationAccepted)).toBeInTheDocument();
    expect(await screen.findByText('You joined Nile Facilities')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Nile Facilities' })).toBeInTheDocument();
    expect(queryClient.getQueryData(accountQueryKey)).toEqual(joinedAccount);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${MINE}/1/accept`]);
    // The list is read again, and is now empty.
    await vi.waitFor(() => expect(listReads(calls)).toBe(2));
    expect(await screen.findByText('No invitations')).toBeInTheDocument();
  });

  it('declines only after a confirmation', async () => {
    const calls = stubInvitations([invitation(1, 'Nile Facilities'), invitation(2, 'Gulf Cleaning')]);
    const user = userEvent.setup();
    renderWithSession(<InvitationsPage />, { session });
    const card = await screen.findByRole('article', { name: 'Gulf Cleaning' });

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the invitation?' });
    expect(within(dialog).getByText(/Decline the invitation of Gulf Cleaning\?/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText(MSG.invitationDeclined)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Gulf Cleaning' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Nile Facilities' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${MINE}/2/decline`]);
  });

  it('shows the empty state, and the error state with retry', async () => {
    vi.stubGlobal('fetch', stubFetch(() => Response.json([])).fetchMock);
    const first = renderWithSession(<InvitationsPage />, { session });
    expect(await screen.findByText('No invitations')).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', stubFetch(() => problem(503, 'Service unavailable. Check back shortly.')).fetchMock);
    renderWithSession(<InvitationsPage />, { session });
    expect(await screen.findByText('Service unavailable. Check back shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('an invitation opened by its link', () => {
  function stubKeyed(valid: string) {
    const stub = stubFetch(({ method, path, body }) => {
      if (method === 'GET' && path === MINE) return Response.json([]);
      const key = (body as { key?: string } | null)?.key;
      if (method === 'POST' && path === `${MINE}/lookup`)
        return key === valid ? Response.json(invitation(7, 'Nile Facilities')) : problem(404, MSG.invitationNotFound);
      if (method === 'POST' && path === `${MINE}/7/accept`) return key === valid ? Response.json(joinedAccount) : problem(404, MSG.invitationNotFound);
      return undefined;
    });
    vi.stubGlobal('fetch', stub.fetchMock);
    return stub.calls;
  }

  it('opens the invitation its key names and accepts it with that key', async () => {
    const calls = stubKeyed('k-123');
    renderWithSession(<InvitationsPage />, { session, route: '/invitations?key=k-123' });
    const card = await screen.findByRole('article', { name: 'Nile Facilities' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Nile Facilities')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(
      posts.map((call) => [call.path, call.body]),
      JSON.stringify(posts),
    ).toEqual([
      [`${MINE}/lookup`, { key: 'k-123' }],
      [`${MINE}/7/accept`, { key: 'k-123' }],
    ]);
  });

  it('says so when a key opens nothing, and opens a typed key', async () => {
    stubKeyed('k-right');
    const user = userEvent.setup();
    renderWithSession(<InvitationsPage />, { session, route: '/invitations?key=k-wrong' });
    expect(await screen.findByText('This invitation cannot be opened')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Invitation key/ }), 'k-right');
    await user.click(screen.getByRole('button', { name: 'Open invitation' }));
    expect(await screen.findByRole('article', { name: 'Nile Facilities' })).toBeInTheDocument();
    expect(screen.queryByText('This invitation cannot be opened')).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, renderWithSession, stubFetch } from '../../test/session.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

afterEach(() => vi.unstubAllGlobals());

const pending = {
  id: 5,
  email: 'guard@example.com',
  name: 'Omar Guard',
  authority: 'MEMBER',
  position: 'Guard',
  externalId: null,
  teams: [{ id: 3, name: 'Gate North' }],
  status: 'PENDING',
  createdAt: '2025-03-02T09:00:00Z',
};

describe('pending invitations', () => {
  it('issues the link that lets the person accept, shown once, and a new one on request', async () => {
    let issued = 0;
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/invitations') return Response.json([pending], { headers: { 'X-Total-Count': '1' } });
      if (method === 'POST' && path === '/api/v1/invitations/5/key') return Response.json({ key: `secret-${++issued}` });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<PendingInvitations />, { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Invitation link for Omar Guard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    const link = (await within(dialog).findByRole('textbox', { name: 'Link to accept the invitation' })) as HTMLInputElement;
    expect(link.value).toMatch(/\/invitations\?key=secret-1$/);
    expect(within(dialog).getByText(/Send this link to Omar Guard at guard@example.com/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue a new link' }));
    await vi.waitFor(() => expect(link.value).toMatch(/\/invitations\?key=secret-2$/));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { fakeMember, fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { useFakeTime } from '../../test/fake-time.ts';
import { MembersPage } from './members-page.tsx';

const member = (userId: number, fullName: string, active = true, rank: number | null = null) =>
  fakeMember({
    userId,
    fullName,
    username: fullName.toLowerCase().replace(' ', '.'),
    email: `${userId}@example.com`,
    authority: 'MEMBER',
    position: 'Cleaner',
    status: active ? 'ACTIVE' : 'INACTIVE',
    active,
    teams: [{ id: 4, name: 'Tower A', authority: 'MEMBER', position: 'Cleaner' }],
    createdHere: !active,
    rank,
  });

afterEach(() => vi.unstubAllGlobals());

function stubMembers() {
  const stub = stubFetch(({ path }) => {
    if (path === '/api/v2/business-members') return list([member(1, 'Omar Haddad', true, 3), member(2, 'Lina Mansour', false)], 2);
    if (path === '/api/v1/projects' || path === '/api/v1/teams') return list([], 0);
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const searches = (calls: ReturnType<typeof stubMembers>) =>
  calls.filter((call) => call.path === '/api/v2/business-members').map((call) => call.search.get('searchKey'));

describe('members page', () => {
  it('prints the activation cards of every pending member, after saying that earlier keys stop working', async () => {
    const calls = stubFetch(({ path, method }) => {
      if (path === '/api/v2/business-members') return list([member(1, 'Omar Haddad', true, 3), member(2, 'Lina Mansour', false)], 2);
      if (path === '/api/v1/projects' || path === '/api/v1/teams') return list([], 0);
      if (method === 'POST' && path === '/api/v1/users/activation-cards')
        return new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="activation-cards.pdf"' },
        });
      return undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const saved: string[] = [];
    const objectUrls = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cards');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderWithSession(<MembersPage />, { route: '/members' });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print activation cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print activation cards' });
    expect(dialog).toHaveTextContent('keys and links sent before stop working');
    expect(calls.calls.some((c) => c.path === '/api/v1/users/activation-cards')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Print the cards' }));
    expect(await screen.findByText('The cards are ready to print. Keys and links sent before no longer work.')).toBeInTheDocument();
    expect(saved).toEqual(['activation-cards.pdf']);
    expect(calls.calls.filter((c) => c.path === '/api/v1/users/activation-cards').map((c) => c.body)).toEqual([{}]);
    click.mockRestore();
    objectUrls.mockRestore();
  });

  it('prints the cards of the pending members an admin chooses, and only theirs', async () => {
    const calls = stubFetch(({ path, method }) => {
      if (path === '/api/v2/business-members')
        return list([member(1, 'Omar Haddad', true), member(2, 'Lina Mansour', false), member(3, 'Sara Ali', false), member(5, 'Huda Salem', false)], 4);
      if (path === '/api/v1/projects' || path === '/api/v1/teams') return list([], 0);
      if (method === 'POST' && path === '/api/v1/users/activation-cards')
        return new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="activation-cards.pdf"' },
        });
      return undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const objectUrls = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cards');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithSession(<MembersPage />, { route: '/members' });
    await screen.findByRole('link', { name: 'Omar Haddad' });
    // An active member has no box: only an account waiting for activation gets a card.
    expect(screen.queryByRole('checkbox', { name: 'Choose Omar Haddad for an activation card' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Lina Mansour for an activation card' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Huda Salem for an activation card' }));
    expect(screen.getByRole('status')).toHaveTextContent('Members chosen: 2');
    await user.click(screen.getByRole('button', { name: 'Print the chosen cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print the chosen cards' });
    expect(dialog).toHaveTextContent('A card for each member you chose (2)');
    await user.click(within(dialog).getByRole('button', { name: 'Print the cards' }));
    expect(await screen.findByText('The cards are ready to print. Keys and links sent before no longer work.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path === '/api/v1/users/activation-cards').map((c) => c.body)).toEqual([{ userIds: [2, 5] }]);
    // Printed: the choice is cleared.
    expect(screen.queryByRole('button', { name: 'Print the chosen cards' })).not.toBeInTheDocument();
    click.mockRestore();
    objectUrls.mockRestore();
  });

  it('offers owners and admins to import members from a file, and not supervisors', async () => {
    stubMembers();
    const user = userEvent.setup();
    const { unmount } = renderWithSession(<MembersPage />, { route: '/members' });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    expect(await screen.findByRole('menuitem', { name: 'Import members' })).toHaveAttribute('href', '/imports?kind=MEMBERS');
    unmount();

    const session = fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: null }] });
    renderWithSession(<MembersPage />, { route: '/members', session });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    expect(await screen.findByRole('menuitem', { name: 'Invite new member to a site' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Import members' })).not.toBeInTheDocument();
  });

  it('lists 20 a page with the status of each member', async () => {
    const calls = stubMembers();
    renderWithSession(<MembersPage />, { route: '/members' });
    expect(await screen.findByRole('link', { name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getAllByText('Waiting for activation').length).toBeGreaterThan(0);
    const request = calls.find((call) => call.path === '/api/v2/business-members');
    expect(request?.search.get('size')).toBe('20');
    expect(request?.search.get('page')).toBe('0');
  });

  it("keeps each member's status and role under the name for a phone, where their columns are hidden", async () => {
    stubMembers();
    renderWithSession(<MembersPage />, { route: '/members' });
    await screen.findByRole('link', { name: 'Omar Haddad' });
    const summaries = screen.getAllByTestId('member-summary');
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toHaveTextContent('Active');
    expect(summaries[0]).toHaveTextContent('Member');
    expect(summaries[1]).toHaveTextContent('Waiting for activation');
  });

  it("shows each member's rank, and a dash without one", async () => {
    stubMembers();
    renderWithSession(<MembersPage />, { route: '/members' });
    const omar = (await screen.findByRole('link', { name: 'Omar Haddad' })).closest('tr') as HTMLElement;
    const lina = screen.getByRole('link', { name: 'Lina Mansour' }).closest('tr') as HTMLElement;
    const column = screen.getAllByRole('columnheader').findIndex((th) => th.textContent === 'Rank');
    expect(column).toBeGreaterThan(0);
    expect(within(omar).getAllByRole('cell')[column]).toHaveTextContent(/^3$/);
    expect(within(lina).getAllByRole('cell')[column]).toHaveTextContent(/^—$/);
  });

  it('searches only from 4 characters and shows a hint before that', async () => {
    const calls = stubMembers();
    renderWithSession(<MembersPage />, { route: '/members' });
    await screen.findByRole('link', { name: 'Omar Haddad' });

    // Time moves only when the test moves it (see fake-time.ts).
    const realTime = useFakeTime();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const box = screen.getByRole('textbox', { name: 'Search' });
      await user.type(box, 'oma');
      expect(await screen.findByText(MSG.memberSearchTooShort)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(searches(calls).filter(Boolean)).toEqual([]);

      await user.type(box, 'r');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await vi.waitFor(() => expect(searches(calls)).toContain('omar'));
      expect(screen.queryByText(MSG.memberSearchTooShort)).not.toBeInTheDocument();
    } finally {
      realTime();
    }
  });

  it('lists pending invitations in their tab; owners and admins cancel one after a confirmation', async () => {
    let pending = [
      {
        id: 31,
        email: 'nada@example.com',
        name: 'Nada Saleh',
        authority: 'SUPERVISOR',
        position: 'Guard',
        externalId: null,
        teams: [{ id: 4, name: 'Tower A' }],
        status: 'PENDING',
        createdAt: '2025-03-02T09:00:00Z',
      },
    ];
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'DELETE' && path === '/api/v1/invitations/31') {
        pending = [];
        return new Response(null, { status: 204 });
      }
      if (path === '/api/v1/invitations') return list(pending);
      if (path === '/api/v2/business-members' || path === '/api/v1/projects' || path === '/api/v1/teams') return list([], 0);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<MembersPage />, { route: '/members?tab=invitations' });

    const row = (await screen.findByText('Nada Saleh')).closest('tr') as HTMLElement;
    expect(within(row).getByText('nada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Tower A')).toBeInTheDocument();
    const read = calls.find((call) => call.path === '/api/v1/invitations');
    expect(read?.search.get('status')).toBe('PENDING');

    await user.click(within(row).getByRole('button', { name: 'Cancel the invitation of Nada Saleh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText(MSG.invitationCanceled)).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });

  it('shows supervisors the invitations of their sites without cancel', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(({ path }) => {
        if (path === '/api/v1/invitations') {
          return list([
            {
              id: 31,
              email: 'nada@example.com',
              name: 'Nada Saleh',
              authority: 'MEMBER',
              position: null,
              externalId: null,
              teams: [{ id: 4, name: 'Tower A' }],
              status: 'PENDING',
              createdAt: '2025-03-02T09:00:00Z',
            },
          ]);
        }
        return list([], 0);
      }).fetchMock,
    );
    const session = fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: null }] });
    renderWithSession(<MembersPage />, { route: '/members?tab=invitations', session });
    expect(await screen.findByText('Nada Saleh')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the invitation/ })).not.toBeInTheDocument();
  });
});

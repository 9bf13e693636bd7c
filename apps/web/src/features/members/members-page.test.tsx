import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { MembersPage } from './members-page.tsx';

const member = (userId: number, fullName: string, active = true, rank: number | null = null) => ({
  userId, name: fullName, fullName, username: fullName.toLowerCase().replace(' ', '.'), email: `${userId}@example.com`,
  authority: 'MEMBER', position: 'Cleaner', status: active ? 'ACTIVE' : 'INACTIVE', active, phone: null, countryCode: null,
  bio: null, avatar: null, imageUrl: null, businessId: 2, teams: [{ id: 4, name: 'Tower A', authority: 'MEMBER', position: 'Cleaner' }],
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
  it('lists 20 a page with the status of each member', async () => {
    const calls = stubMembers();
    renderWithSession(<MembersPage />, { route: '/members' });
    expect(await screen.findByRole('link', { name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getAllByText('Waiting for activation').length).toBeGreaterThan(0);
    const request = calls.find((call) => call.path === '/api/v2/business-members');
    expect(request?.search.get('size')).toBe('20');
    expect(request?.search.get('page')).toBe('0');
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
    const user = userEvent.setup();
    renderWithSession(<MembersPage />, { route: '/members' });
    await screen.findByRole('link', { name: 'Omar Haddad' });

    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, 'oma');
    expect(await screen.findByText(MSG.memberSearchTooShort)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(searches(calls).filter(Boolean)).toEqual([]);

    await user.type(box, 'r');
    await vi.waitFor(() => expect(searches(calls)).toContain('omar'));
    expect(screen.queryByText(MSG.memberSearchTooShort)).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { aTicket } from './test/fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/services/helpdesk/api/v1/tickets';

function pickers() {
  return (path: string) => {
    if (path.endsWith('/v1/ticket-categories')) return Response.json([{ id: 1, nameEn: 'Support', nameAr: 'دعم' }]);
    if (path === '/api/v1/projects' || path === '/api/v1/teams' || path === '/api/v2/business-members') return list([]);
    return undefined;
  };
}

describe('tickets page', () => {
  it('lists tickets 20 a page, newest first, with the filters of the address', async () => {
    const answerPicker = pickers();
    const { calls, fetchMock } = stubFetch(
      ({ path }) => answerPicker(path) ?? (path === BASE ? list([aTicket(3, 'ON_HOLD', { title: 'Door jammed' })], 41) : undefined),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<TicketsPage />, { route: '/tickets?view=list&status=ON_HOLD&priority=HIGH&category=1&site=5&q=door&page=2' });
    expect(await screen.findByRole('link', { name: 'Door jammed' }, { timeout: 5000 })).toBeInTheDocument();
    const search = calls.find((call) => call.path === BASE)?.search;
    expect(Object.fromEntries(search ?? [])).toEqual({
      page: '1',
      size: '20',
      sort: 'id,desc',
      ticketStatus: 'ON_HOLD',
      priority: 'HIGH',
      categoryId: '1',
      teamId: '5',
      searchKey: 'door',
    });
    expect(screen.getByText('21–40 of 41')).toBeInTheDocument();
    // No counters in the list view.
    expect(calls.some((call) => call.path === `${BASE}/counts`)).toBe(false);
  });

  it('tells "no tickets yet" from "no match"', async () => {
    const answerPicker = pickers();
    vi.stubGlobal('fetch', stubFetch(({ path }) => answerPicker(path) ?? (path === BASE ? list([], 0) : undefined)).fetchMock);
    const { router } = renderWithSession(<TicketsPage />, { route: '/tickets?view=list' });
    expect(await screen.findByText('No tickets yet', {}, { timeout: 5000 })).toBeInTheDocument();

    await router.navigate('/tickets?view=list&priority=URGENT');
    expect(await screen.findByText('No tickets match')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=list');
  });

  it('shows the board by default, with the counters under the same filters', async () => {
    const answerPicker = pickers();
    const { calls, fetchMock } = stubFetch(({ path }) => {
      if (path === `${BASE}/counts`) return Response.json({ NEW: 0, IN_PROGRESS: 0, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0 });
      return answerPicker(path) ?? (path === BASE ? list([], 0) : undefined);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<TicketsPage />, { route: '/tickets?priority=LOW&status=NEW' });
    expect(await screen.findByRole('region', { name: 'Tickets by status' }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findAllByText('No tickets here');
    const counts = calls.find((call) => call.path === `${BASE}/counts`)?.search;
    // The status filter belongs to the list; the board shows every status.
    expect(Object.fromEntries(counts ?? [])).toEqual({ priority: 'LOW' });
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketStatus } from '@fieldops/shared/enums';
import { TICKET_BULK_MAX } from '@fieldops/shared/limits';
import { list, renderWithSession, stubFetch, type StubCall } from '../../test/session.tsx';
import { aTicket } from './test/fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

afterEach(() => vi.unstubAllGlobals());
// The bar is loaded when Select is pressed: loaded here once, so no test waits for it on a busy machine.
beforeAll(async () => {
  await import('./components/bulk-bar.tsx');
}, 30_000);

const BASE = '/services/helpdesk/api/v1/tickets';
const TICKETS = [aTicket(1, 'NEW'), aTicket(2, 'NEW'), aTicket(3, 'CLOSED')];

function server(result: unknown, tickets = TICKETS) {
  return stubFetch(({ path, method, search }: StubCall) => {
    if (path.endsWith('/v1/ticket-categories')) return Response.json([{ id: 1, nameEn: 'Support', nameAr: 'دعم' }]);
    if (path === '/api/v1/projects' || path === '/api/v1/teams' || path === '/api/v2/business-members') return list([]);
    if (path === `${BASE}/counts`) {
      const of = (status: TicketStatus) => tickets.filter((ticket) => ticket.status === status).length;
      return Response.json({ NEW: of('NEW'), IN_PROGRESS: of('IN_PROGRESS'), ON_HOLD: of('ON_HOLD'), RESOLVED: of('RESOLVED'), CLOSED: of('CLOSED') });
    }
    if (path === `${BASE}/bulk` && method === 'POST') return Response.json(result);
    if (path === BASE) {
      const status = search.get('ticketStatus') as TicketStatus | null;
      const words = search.get('searchKey');
      const shown = tickets.filter((ticket) => (!status || ticket.status === status) && (!words || ticket.title.includes(words)));
      return list(shown, shown.length);
    }
    return undefined;
  });
}

const box = (id: number) => screen.getByRole('checkbox', { name: `Select ticket #${id} Ticket ${id}` });
const count = () => screen.getByTestId('bulk-count').textContent;

type User = ReturnType<typeof userEvent.setup>;
type Bar = ReturnType<typeof within>;

/** The tickets page at `route` with the bulk result `result`, in Select mode once its bar has come. */
async function selecting(result: unknown, route: string) {
  const { calls, fetchMock } = server(result);
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  renderWithSession(<TicketsPage />, { route });
  await screen.findByRole('link', { name: 'Ticket 3' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Select' }));
  // The bar arrives with Select.
  await screen.findByTestId('bulk-count');
  return { calls, user };
}

/** Chooses what the bar changes, and the value when it is picked from a list. */
async function chooseChange(user: User, bar: Bar, field: string, value?: string) {
  await user.click(bar.getByRole('combobox', { name: 'Change' }));
  await user.click(await screen.findByRole('option', { name: field }));
  if (value === undefined) return;
  await user.click(bar.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: value }));
}

describe('bulk changes of tickets', () => {
  it('chooses cards with the keyboard, moves them in one go and reports the refused one, which stays chosen', async () => {
    const { calls, user } = await selecting({ applied: [1, 2], refused: [{ id: 3, message: 'Unavailable status Transition' }] }, '/tickets');
    expect(count()).toBe('0 selected');

    // Space on a card's title chooses the card; Escape lets go of everything.
    act(() => screen.getByRole('link', { name: 'Ticket 1' }).focus());
    await user.keyboard(' ');
    expect(box(1)).toBeChecked();
    act(() => screen.getByRole('link', { name: 'Ticket 3' }).focus());
    await user.keyboard(' ');
    expect(count()).toBe('2 selected');
    expect(box(2)).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(count()).toBe('0 selected');
    expect(box(1)).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(count()).toBe('3 selected');

    const bar = within(screen.getByRole('form', { name: 'Change the selected tickets' }));
    await chooseChange(user, bar, 'Status', 'In progress');
    // The reason is required, as for one ticket.
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    expect(await bar.findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${BASE}/bulk`)).toBe(false);
    await user.type(bar.getByRole('textbox', { name: /Reason/ }), 'Parts arrived');
    await user.click(bar.getByRole('button', { name: 'Apply' }));

    const report = await screen.findByRole('alert');
    expect(report).toHaveTextContent('Changed: 2 · Not changed: 1');
    expect(report).toHaveTextContent('#3 Ticket 3: Unavailable status Transition');
    const sent = calls.find((call) => call.path === `${BASE}/bulk`);
    expect(sent?.body).toEqual({ ticketIds: [1, 2, 3], change: { status: 'IN_PROGRESS', reason: 'Parts arrived' } });
    expect(count()).toBe('1 selected');
    expect(box(3)).toBeChecked();
    expect(box(1)).not.toBeChecked();
  }, 60_000);

  it('chooses a range of the list with Shift+click and reports a change that all took', async () => {
    const { calls, user } = await selecting({ applied: [1, 2, 3], refused: [] }, '/tickets?view=list');
    await user.click(box(1));
    await user.keyboard('{Shift>}');
    await user.click(box(3));
    await user.keyboard('{/Shift}');
    expect(count()).toBe('3 selected');
    expect(box(2)).toBeChecked();

    const bar = within(screen.getByRole('form', { name: 'Change the selected tickets' }));
    await chooseChange(user, bar, 'Priority', 'High');
    await user.click(bar.getByRole('button', { name: 'Apply' }));

    const report = await screen.findByTestId('bulk-result');
    expect(report).toHaveTextContent('Changed: 3');
    expect(report).toHaveAttribute('role', 'status');
    expect(calls.find((call) => call.path === `${BASE}/bulk`)?.body).toEqual({ ticketIds: [1, 2, 3], change: { priority: 'HIGH' } });
    expect(count()).toBe('0 selected');
  }, 60_000);

  it('never takes assignees or categories away unless that is chosen', async () => {
    const { calls, user } = await selecting({ applied: [1, 2, 3], refused: [] }, '/tickets');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    const bar = within(screen.getByRole('form', { name: 'Change the selected tickets' }));
    // Assignee is the first change offered: applied with nobody chosen, it asks for someone.
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    expect(await bar.findByText('Choose a member')).toBeInTheDocument();
    await chooseChange(user, bar, 'Category');
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    expect(await bar.findByText('Choose a category')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${BASE}/bulk`)).toBe(false);
    // Removing the assignee is a choice of its own.
    await chooseChange(user, bar, 'Assignee');
    await user.click(bar.getByRole('checkbox', { name: 'Remove the assignee' }));
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(calls.find((call) => call.path === `${BASE}/bulk`)?.body).toEqual({ ticketIds: [1, 2, 3], change: { agentId: null } }));
  }, 60_000);

  it('chooses no more than one bulk change takes, and says that only the first ones were chosen', async () => {
    // More tickets on the board than one change takes (the answer holds them all in one page).
    const many = Array.from({ length: TICKET_BULK_MAX + 5 }, (_, index) => aTicket(index + 1, 'NEW'));
    const { calls, fetchMock } = server({ applied: [], refused: [] }, many);
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TicketsPage />, { route: '/tickets' });
    await screen.findByRole('link', { name: `Ticket ${TICKET_BULK_MAX + 5}` }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await screen.findByTestId('bulk-count');
    // The notice's live region is in the page before the notice, empty, so that it is announced when it comes.
    const notice = screen.getByTestId('bulk-limit');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(count()).toBe('200 selected');
    expect(screen.getByTestId('bulk-limit')).toBe(notice);
    expect(notice).toHaveTextContent('Only the first 200 tickets were selected: one change takes at most 200 tickets.');
    // The theme's orange for text (4.5:1 or more on white and in the dark scheme), not a shade of the palette.
    expect(notice.style.color).toBe('var(--mantine-color-orange-text)');
    expect(box(200)).toBeChecked();
    expect(box(201)).not.toBeChecked();
    // One more, by itself, is refused as well.
    await user.click(box(205));
    expect(box(205)).not.toBeChecked();
    expect(count()).toBe('200 selected');

    const bar = within(screen.getByRole('form', { name: 'Change the selected tickets' }));
    await chooseChange(user, bar, 'Priority', 'High');
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(calls.find((call) => call.path === `${BASE}/bulk`)).toBeDefined());
    const sent = calls.find((call) => call.path === `${BASE}/bulk`)?.body as { ticketIds: number[] };
    expect(sent.ticketIds).toEqual(many.slice(0, TICKET_BULK_MAX).map((ticket) => ticket.id));

    // Clearing the selection takes the notice away.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(notice).toBeEmptyDOMElement();
  }, 90_000);

  it('lets go of the chosen tickets when the search or a filter changes', async () => {
    const { calls, fetchMock } = server({ applied: [1], refused: [] });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TicketsPage />, { route: '/tickets?view=list' });
    await screen.findByRole('link', { name: 'Ticket 3' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await screen.findByTestId('bulk-count');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(count()).toBe('3 selected');

    // The search leaves Ticket 1 alone on the page: tickets 2 and 3, no longer shown, are let go.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Ticket 1');
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Ticket 3' })).toBeNull(), { timeout: 3000 });
    expect(count()).toBe('0 selected');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(count()).toBe('1 selected');

    const bar = within(screen.getByRole('form', { name: 'Change the selected tickets' }));
    await chooseChange(user, bar, 'Priority', 'High');
    await user.click(bar.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(calls.find((call) => call.path === `${BASE}/bulk`)?.body).toEqual({ ticketIds: [1], change: { priority: 'HIGH' } }));

    // Taking the search away again lets go as well.
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(count()).toBe('1 selected');
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await vi.waitFor(() => expect(count()).toBe('0 selected'), { timeout: 3000 });
  }, 60_000);
});

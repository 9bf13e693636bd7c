import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem, renderWithSession, type StubCall } from '../../../test/session.tsx';
import { aTicket, deferred } from '../test/fixtures.ts';
import { TicketBoard } from './ticket-board.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const BASE = '/services/helpdesk/api/v1/tickets';

/**
 * A helpdesk with tickets in columns. `onStatus` answers the status change; once a change has
 * been sent, `holdReads` keeps later reads waiting, so what the board shows comes from its own
 * cache (the optimistic move, or the snapshot put back) and not from a new read.
 */
function helpdesk(tickets: Ticket[], onStatus: (call: StubCall) => Promise<Response>, { holdReads = false } = {}) {
  const calls: StubCall[] = [];
  let changed = false;
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call = { method: init.method ?? 'GET', path: url.pathname, search: url.searchParams, body: init.body ?? null };
    calls.push(call);
    if (call.method === 'PUT' && call.path.startsWith(`${BASE}/`)) {
      changed = true;
      return onStatus(call);
    }
    if (changed && holdReads) return new Promise<Response>(() => undefined);
    if (call.path === `${BASE}/counts`) {
      const counts: Record<TicketStatus, number> = { NEW: 0, IN_PROGRESS: 0, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0 };
      for (const ticket of tickets) counts[ticket.status] += 1;
      return Response.json(counts);
    }
    if (call.path === BASE) {
      const status = call.search.get('ticketStatus');
      return list(tickets.filter((ticket) => ticket.status === status));
    }
    return problem(404, MSG.notFound);
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

const column = (status: TicketStatus) => screen.getByRole('region', { name: 'Tickets by status' }).querySelector<HTMLElement>(`[data-status="${status}"]`)!;
const cardIds = (status: TicketStatus) => [...column(status).querySelectorAll<HTMLElement>('[data-ticket-id]')].map((card) => Number(card.dataset.ticketId));
const counter = (status: TicketStatus) => within(column(status)).getByTestId(`count-${status}`).textContent;

async function moveWithMenu(title: string, target: string, reason: string) {
  await userEvent.click(screen.getByRole('button', { name: `More actions for ${title}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: target }));
  const dialog = await screen.findByRole('dialog', { name: 'Provide Reason' });
  // The form arrives with the dialog's first opening.
  const reasonBox = await within(dialog).findByRole('textbox', { name: /Reason/ });
  if (reason) await userEvent.type(reasonBox, reason);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
}

describe('ticket board', () => {
  it('shows each status as a column with its counter and its tickets, most recent first', async () => {
    const { calls } = helpdesk([aTicket(1, 'NEW'), aTicket(2, 'IN_PROGRESS'), aTicket(3, 'IN_PROGRESS')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage />);
    expect(await within(column('IN_PROGRESS')).findByText('Ticket 2')).toBeInTheDocument();
    expect(counter('NEW')).toBe('1');
    expect(counter('IN_PROGRESS')).toBe('2');
    expect(counter('CLOSED')).toBe('0');
    const columnReads = calls.filter((call) => call.path === BASE);
    expect(columnReads.map((call) => call.search.get('ticketStatus')).sort()).toEqual(['CLOSED', 'IN_PROGRESS', 'NEW', 'ON_HOLD', 'RESOLVED']);
    for (const call of columnReads) {
      expect(call.search.get('sort')).toBe('updatedDate,desc');
      expect(call.search.get('size')).toBe('20');
    }
  });

  it('moves the card and the counters at once, then keeps them when the server agrees', async () => {
    const tickets = [aTicket(1, 'NEW'), aTicket(2, 'IN_PROGRESS'), aTicket(3, 'IN_PROGRESS')];
    const answer = deferred<Response>();
    const { calls } = helpdesk(tickets, () => answer.promise);
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await screen.findByText('Ticket 1');

    await moveWithMenu('Ticket 1', 'In progress', 'waiting for parts');

    // Before the server answers: on top of the new column, counters moved.
    expect(cardIds('IN_PROGRESS')).toEqual([1, 2, 3]);
    expect(cardIds('NEW')).toEqual([]);
    expect(counter('NEW')).toBe('0');
    expect(counter('IN_PROGRESS')).toBe('3');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`${BASE}/1/status/IN_PROGRESS`);
    expect(put?.search.get('reason')).toBe('waiting for parts');

    tickets[0] = { ...tickets[0], status: 'IN_PROGRESS' };
    await act(async () => answer.resolve(Response.json(tickets[0])));
    expect(await screen.findByText('Ticket status updated successfully!')).toBeInTheDocument();
    expect(cardIds('IN_PROGRESS')).toContain(1);
    expect(counter('IN_PROGRESS')).toBe('3');
  });

  it('puts the card and the counters back and says so when the server fails', async () => {
    const answer = deferred<Response>();
    helpdesk([aTicket(1, 'NEW'), aTicket(4, 'NEW'), aTicket(2, 'IN_PROGRESS')], () => answer.promise, { holdReads: true });
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await screen.findByText('Ticket 4');

    await moveWithMenu('Ticket 4', 'On hold', 'supplier closed');
    expect(cardIds('ON_HOLD')).toEqual([4]);
    expect(cardIds('NEW')).toEqual([1]);
    expect(counter('NEW')).toBe('1');
    expect(counter('ON_HOLD')).toBe('1');

    await act(async () => answer.resolve(new Response('', { status: 500 })));
    expect(await screen.findByText('Failed to update ticket status. Try again later.')).toBeInTheDocument();
    expect(cardIds('NEW')).toEqual([1, 4]);
    expect(cardIds('ON_HOLD')).toEqual([]);
    expect(counter('NEW')).toBe('2');
    expect(counter('ON_HOLD')).toBe('0');
  });

  it('keeps the focus on a card moved with the keyboard, in its new column and when a refusal puts it back', async () => {
    const answer = deferred<Response>();
    helpdesk([aTicket(1, 'NEW'), aTicket(2, 'IN_PROGRESS')], () => answer.promise, { holdReads: true });
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await screen.findByText('Ticket 1');
    const user = userEvent.setup();

    screen.getByRole('button', { name: 'More actions for Ticket 1' }).focus();
    await user.keyboard('{Enter}');
    const target = await screen.findByRole('menuitem', { name: 'In progress' });
    await vi.waitFor(() => expect(target).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Provide Reason' });
    // The reason takes the focus, though the form arrived after the dialog opened.
    const reasonBox = await within(dialog).findByRole('textbox', { name: /Reason/ });
    await vi.waitFor(() => expect(reasonBox).toHaveFocus());
    await user.type(reasonBox, 'started');
    within(dialog).getByRole('button', { name: 'Change status' }).focus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(cardIds('IN_PROGRESS')).toEqual([1, 2]));
    const moved = within(column('IN_PROGRESS')).getByRole('button', { name: 'More actions for Ticket 1' });
    await vi.waitFor(() => expect(moved).toHaveFocus());

    await act(async () => answer.resolve(new Response('', { status: 500 })));
    await vi.waitFor(() => expect(cardIds('NEW')).toEqual([1]));
    await vi.waitFor(() => expect(within(column('NEW')).getByRole('button', { name: 'More actions for Ticket 1' })).toHaveFocus());
  });

  it("shows the server's own refusal (409) instead of the default text", async () => {
    helpdesk([aTicket(1, 'ON_HOLD')], async () => problem(409, MSG.transitionUnavailable), { holdReads: true });
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await screen.findByText('Ticket 1');
    await moveWithMenu('Ticket 1', 'Resolved', 'done');
    expect(await screen.findByText('Unavailable status Transition')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update ticket status. Try again later.')).not.toBeInTheDocument();
    expect(cardIds('ON_HOLD')).toEqual([1]);
  });

  it('refuses a forbidden drop without calling the server', async () => {
    const { calls } = helpdesk([aTicket(1, 'NEW')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage />);
    const card = (await screen.findByText('Ticket 1')).closest<HTMLElement>('[data-ticket-id]')!;

    const dataTransfer = { setData: vi.fn(), getData: vi.fn(), dropEffect: 'none', effectAllowed: 'all' };
    fireEvent.dragStart(card, { dataTransfer });
    expect(await within(column('CLOSED')).findByText('A ticket cannot move here from its status')).toBeInTheDocument();
    fireEvent.dragOver(column('CLOSED'), { dataTransfer });
    fireEvent.drop(column('CLOSED'), { dataTransfer });

    expect(await screen.findByText('Unavailable status Transition')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Provide Reason' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(cardIds('NEW')).toEqual([1]);
  });

  it('asks for the reason after an allowed drop', async () => {
    helpdesk([aTicket(1, 'NEW')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage />);
    const card = (await screen.findByText('Ticket 1')).closest<HTMLElement>('[data-ticket-id]')!;
    const dataTransfer = { setData: vi.fn(), getData: vi.fn(), dropEffect: 'none', effectAllowed: 'all' };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('IN_PROGRESS'), { dataTransfer });
    fireEvent.drop(column('IN_PROGRESS'), { dataTransfer });
    expect(await screen.findByRole('dialog', { name: 'Provide Reason' })).toBeInTheDocument();
  });

  it('disables the forbidden targets in the card menu', async () => {
    helpdesk([aTicket(1, 'NEW')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Ticket 1' }));
    expect(await screen.findByRole('menuitem', { name: 'In progress' })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: 'On hold' })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: 'Resolved' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Closed' })).toBeDisabled();
  });

  it("requires a reason ('Reason is required') and sends nothing without one", async () => {
    const { calls } = helpdesk([aTicket(1, 'NEW')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage />);
    await screen.findByText('Ticket 1');
    await moveWithMenu('Ticket 1', 'In progress', '   ');
    const dialog = screen.getByRole('dialog', { name: 'Provide Reason' });
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(cardIds('NEW')).toEqual([1]);
  });

  it('draws only the cards on screen, and says how many there are', async () => {
    // jsdom lays nothing out: every card is 150 px tall (as the list measures it), the screen 768 px.
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.index === undefined ? 0 : 150;
      },
    });
    try {
      helpdesk(
        Array.from({ length: 60 }, (_, i) => aTicket(i + 1, 'NEW')),
        async () => Response.json({}),
      );
      renderWithSession(<TicketBoard filters={{}} canManage />);
      await vi.waitFor(() => expect(cardIds('NEW').length).toBeGreaterThan(0), { timeout: 10_000 });
      const drawn = cardIds('NEW');
      expect(drawn.length).toBeGreaterThan(3);
      expect(drawn.length).toBeLessThan(20);
      expect(within(column('NEW')).getByRole('list', { name: 'New' })).toBeInTheDocument();
      expect(within(column('NEW')).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '60');
      expect(drawn).toEqual(Array.from({ length: drawn.length }, (_, i) => i + 1));
    } finally {
      if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    }
  });

  it('lets members open tickets but not move them', async () => {
    helpdesk([aTicket(1, 'NEW')], async () => Response.json({}));
    renderWithSession(<TicketBoard filters={{}} canManage={false} />, { session: fakeSession({ role: 'MEMBER' }) });
    const card = (await screen.findByText('Ticket 1')).closest<HTMLElement>('[data-ticket-id]')!;
    expect(card).toHaveAttribute('draggable', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ticket 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Open in new tab' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'In progress' })).not.toBeInTheDocument();
  });
});

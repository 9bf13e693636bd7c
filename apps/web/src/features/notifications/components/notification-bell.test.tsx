import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import type { Notification } from '@fieldops/shared/notifications';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { renderWithSession, stubFetch, type StubCall } from '../../../test/session.tsx';
import { NotificationBell } from './notification-bell.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const BASE = '/api/v1/notifications';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entries: Notification[] = [
  {
    id: 12,
    kind: 'ticketAssigned',
    params: { actor: 'Sara Owner', ticketTitle: 'Leak in lobby', ticketId: 40 },
    link: '/tickets/40',
    createdAt: minutesAgo(5),
    readAt: null,
  },
  {
    id: 11,
    kind: 'schedulesAssigned',
    params: { count: 3, taskName: 'Lobby check', taskNameAr: 'فحص الردهة' },
    link: '/tracker',
    createdAt: minutesAgo(120),
    readAt: null,
  },
  { id: 10, kind: 'answersFlagged', params: { count: 1, siteName: 'Tower A' }, link: null, createdAt: minutesAgo(60 * 24 * 2), readAt: null },
  { id: 9, kind: 'schedulesMissed', params: { count: 2 }, link: 'https://elsewhere.example/phish', createdAt: minutesAgo(60 * 24 * 3), readAt: minutesAgo(60) },
];

/** A server with `unread` unread entries, whose stream says `streamed` (or nothing) when opened. */
function stubServer({ unread = 3, streamed }: { unread?: number; streamed?: number } = {}) {
  let count = unread;
  let items = entries;
  const { calls, fetchMock } = stubFetch(({ method, path }) => {
    if (path === `${BASE}/stream`) {
      if (streamed === undefined) return new Response(null, { status: 204 });
      count = streamed;
      return new Response(`: hello\n\nevent: unread\ndata: {"unread":${streamed}}\n\n`, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (method === 'GET' && path === `${BASE}/unread-count`) return Response.json({ unread: count });
    if (method === 'GET' && path === BASE) return Response.json({ items, unread: count, hasMore: false });
    const one = new RegExp(`^${BASE}/(\\d+)/read$`).exec(path);
    if (method === 'POST' && one) {
      items = items.map((item) => (item.id === Number(one[1]) ? { ...item, readAt: new Date().toISOString() } : item));
      count -= 1;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === `${BASE}/read-all`) {
      items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() }));
      count = 0;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const posts = (calls: StubCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

async function openBell(user: ReturnType<typeof userEvent.setup>, name: string, title = 'Notifications') {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

describe('the notification bell', () => {
  it('says the unread count in its name and lists the newest entries in words', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<NotificationBell />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    // Nothing is listed before the bell is opened.
    expect(calls.some((call) => call.path === BASE)).toBe(false);

    const dialog = await openBell(user, 'Notifications, 3 unread');
    const list = await within(dialog).findByRole('list', { name: 'Latest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Unread: Sara Owner assigned you the ticket “Leak in lobby”');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveTextContent('3 new schedules were assigned to you');
    expect(items[2]).toHaveTextContent('An answer was flagged at Tower A');
    expect(items[3]).toHaveTextContent('2 schedules were missed');
    expect(items[3]).not.toHaveTextContent('Unread');
    // Only the app's own paths are links; another site's address is not followed.
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/tickets/40');
    expect(within(items[3]).queryByRole('link')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === BASE)?.search.get('size')).toBe('8');
    expect(within(dialog).getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('marks an entry read when it is opened, and goes to its page', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithSession(<NotificationBell />);
    const dialog = await openBell(user, 'Notifications, 3 unread');

    await user.click(await within(dialog).findByRole('link', { name: /Leak in lobby/ }));

    expect(router.state.location.pathname).toBe('/tickets/40');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([`${BASE}/12/read`]);
  });

  it('marks one without a link read with its own button', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<NotificationBell />);
    const dialog = await openBell(user, 'Notifications, 3 unread');
    const item = (await within(dialog).findByText(/An answer was flagged/)).closest('li');
    if (!item) throw new Error('no list item');

    await user.click(within(item).getByRole('button', { name: 'Mark as read' }));

    await vi.waitFor(() => expect(within(item).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([`${BASE}/10/read`]);
  });

  it('marks all as read', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<NotificationBell />);
    const dialog = await openBell(user, 'Notifications, 3 unread');
    await within(dialog).findByRole('list');

    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText(MSG.notificationsRead)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Unread:/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(posts(calls)).toEqual([`${BASE}/read-all`]);
  });

  it('follows the count the event stream sends, and says that more arrived', async () => {
    const calls = stubServer({ unread: 3, streamed: 5 });
    renderWithSession(<NotificationBell />);

    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    const stream = calls.find((call) => call.path === `${BASE}/stream`);
    expect(stream?.method).toBe('GET');
    expect(await screen.findByText('You have 5 unread notifications')).toBeInTheDocument();
  });

  it('says its count in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubServer({ unread: 4 });
    const user = userEvent.setup();
    renderWithSession(<NotificationBell />);
    const dialog = await openBell(user, 'الإشعارات، غير المقروءة: 4', 'الإشعارات');
    expect(await within(dialog).findByText(/أسند إليك Sara Owner التذكرة «Leak in lobby»/)).toBeInTheDocument();
    expect(within(dialog).getByText('أُسند إليك 3 جداول جديدة')).toBeInTheDocument();
  });
});

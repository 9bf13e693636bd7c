import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@fieldops/shared/notifications';
import { problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { NotificationsPage } from './notifications-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/api/v1/notifications';

const entry = (id: number, readAt: string | null = null): Notification => ({
  id,
  kind: 'ticketCommented',
  params: { actor: 'Omar', ticketTitle: `Ticket ${id}`, ticketId: id },
  link: `/tickets/${id}`,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  readAt,
});

describe('notifications page', () => {
  it('pages older entries with "Load more", and shows only the unread ones when asked', async () => {
    const { calls, fetchMock } = stubFetch(({ path, search }) => {
      if (path === `${BASE}/unread-count`) return Response.json({ unread: 1 });
      if (path !== BASE) return undefined;
      if (search.get('unread') === 'true') return Response.json({ items: [entry(1)], unread: 1, hasMore: false });
      return search.get('before') === '2'
        ? Response.json({ items: [entry(3, '2026-01-01T00:00:00Z')], unread: 1, hasMore: false })
        : Response.json({ items: [entry(1), entry(2, '2026-01-01T00:00:00Z')], unread: 1, hasMore: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithSession(<NotificationsPage />, { route: '/notifications' });

    const list = await screen.findByRole('list', { name: 'All' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: /Ticket 3/ })).toHaveAttribute('href', '/tickets/3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    expect(router.state.location.search).toBe('?filter=unread');
    const unread = await screen.findByRole('list', { name: 'Unread' });
    expect(within(unread).getAllByRole('link')).toHaveLength(1);
    expect(calls.filter((call) => call.path === BASE).map((call) => call.search.toString())).toEqual(['size=20', 'before=2&size=20', 'unread=true&size=20']);
  });

  it('shows the empty state of each filter, and the error state with retry', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === BASE ? Response.json({ items: [], unread: 0, hasMore: false }) : undefined)).fetchMock);
    const first = renderWithSession(<NotificationsPage />, { route: '/notifications?filter=unread' });
    expect(await screen.findByText('You are all caught up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    first.unmount();

    vi.stubGlobal('fetch', stubFetch(() => problem(503, 'Service unavailable. Check back shortly.')).fetchMock);
    renderWithSession(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText('Service unavailable. Check back shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

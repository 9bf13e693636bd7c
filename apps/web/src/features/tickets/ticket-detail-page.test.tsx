import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import { SessionContext } from '../../lib/session/session-context.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, list, problem, stubFetch, type StubCall } from '../../test/session.tsx';
import { aTicket } from './test/fixtures.ts';
import { TicketDetailPage } from './ticket-detail-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const BASE = '/services/helpdesk/api/v1/tickets';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function render(role: 'OWNER' | 'MEMBER' = 'OWNER', route = '/tickets/1') {
  return renderRoutes(
    [
      {
        path: '/tickets/:ticketId',
        element: (
          <SessionContext.Provider value={fakeSession({ role })}>
            <TicketDetailPage />
          </SessionContext.Provider>
        ),
      },
    ],
    { route },
  );
}

const comment = (id: number, text: string, creatorId = 7) => ({
  id,
  ticketId: 1,
  creatorId,
  creator: { id: creatorId, username: 'demo', fullName: 'Demo Owner', avatar: null },
  text,
  file: null,
  createdDate: '2025-01-10T09:00:00.000Z',
  updatedDate: null,
});

/** Option lists on screen (a read-only picker keeps its list hidden: Mantine marks it data-hidden). */
const openLists = () => screen.queryAllByRole('listbox').filter((box) => !box.closest('[data-hidden]'));

/** The ticket's endpoints; `extra` answers anything else first. */
function ticketApi(extra: (call: StubCall) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === `${BASE}/1`) return Response.json(aTicket(1, 'NEW', { title: 'Broken gate' }));
    if (call.path === `${BASE}/1/attachments`) return list([]);
    if (call.path === `${BASE}/1/comments`) return list([]);
    if (call.path === `${BASE}/1/history`) return list([]);
    if (call.path.endsWith('/v1/ticket-categories')) return Response.json([{ id: 1, nameEn: 'Support', nameAr: 'دعم' }]);
    if (call.path === '/api/v1/projects' || call.path === '/api/v1/teams' || call.path === '/api/v2/business-members') return list([]);
    return undefined;
  });
}

describe('ticket page', () => {
  it('shows the not-found page for a ticket the server does not know', async () => {
    vi.stubGlobal('fetch', stubFetch(() => problem(404, MSG.ticketNotFound)).fetchMock);
    render();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers to try again when the ticket cannot be loaded', async () => {
    vi.stubGlobal('fetch', stubFetch(() => new Response('', { status: 500 })).fetchMock);
    render();
    expect(await screen.findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('lets a member read but not change status, priority, category and assignee', async () => {
    vi.stubGlobal('fetch', ticketApi().fetchMock);
    render('MEMBER');
    expect(await screen.findByRole('heading', { name: 'Broken gate' }, { timeout: 5000 })).toBeInTheDocument();
    // Read-only pickers do not open.
    for (const label of ['Status', 'Priority', 'Category', 'Assignee']) {
      await userEvent.click(screen.getByRole('combobox', { name: label }));
      expect(openLists()).toHaveLength(0);
    }
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    expect(openLists()).toHaveLength(1);
    // Members still comment and add images.
    expect(screen.getByRole('button', { name: 'Add comment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add images' })).toBeInTheDocument();
  });

  it('saves a priority change with the ticket update call', async () => {
    const { calls, fetchMock } = ticketApi((call) =>
      call.method === 'PUT' && call.path === `${BASE}/1` ? Response.json(aTicket(1, 'NEW', { title: 'Broken gate', priority: 'URGENT' })) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    render();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Priority' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgent' }));
    expect(await screen.findByText('Ticket updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ priority: 'URGENT' });
  });

  it('needs a text or an image for a comment, then reads the newest 40 again', async () => {
    let comments = [comment(5, 'First look')];
    const { calls, fetchMock } = ticketApi((call) => {
      if (call.method === 'POST' && call.path === `${BASE}/1/comments`) {
        comments = [comment(6, 'Parts ordered'), ...comments];
        return Response.json(comments[0], { status: 201 });
      }
      if (call.path === `${BASE}/1/comments`) return list(comments);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    render();
    expect(await screen.findByText('First look', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${BASE}/1/comments`)?.search.get('size')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Please enter a comment or attach a file.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Parts ordered');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment added successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Parts ordered')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect((post?.body as FormData).get('text')).toBe('Parts ordered');
    const reread = calls.filter((call) => call.method === 'GET' && call.path === `${BASE}/1/comments`).at(-1);
    expect(reread?.search.get('page')).toBe('0');
    expect(reread?.search.get('size')).toBe('40');
    expect(reread?.search.get('sort')).toBe('createdDate,desc');
  });

  it('lets the author edit their comment only', async () => {
    const { calls, fetchMock } = ticketApi((call) => {
      if (call.method === 'PUT' && call.path === `${BASE}/1/comments/5`) return Response.json(comment(5, 'Fixed'));
      if (call.path === `${BASE}/1/comments`) return list([comment(5, 'Mine'), comment(4, 'Theirs', 12)]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    render();
    const mine = (await screen.findByText('Mine', {}, { timeout: 5000 })).closest<HTMLElement>('[data-comment-id]')!;
    const theirs = screen.getByText('Theirs').closest<HTMLElement>('[data-comment-id]')!;
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const box = screen.getAllByRole('textbox', { name: 'Comment' }).find((input) => (input as HTMLTextAreaElement).value === 'Mine')!;
    await userEvent.clear(box);
    await userEvent.type(box, 'Fixed');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Comment updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as FormData).get('text')).toBe('Fixed');
  });

  it('refuses a text file named like an image before uploading anything', async () => {
    const { calls, fetchMock } = ticketApi((call) => (call.method === 'POST' && call.path === `${BASE}/1/attachments` ? list([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render();
    await screen.findByRole('heading', { name: 'Broken gate' }, { timeout: 5000 });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    await userEvent.upload(input, [new File(['not an image'], 'notes.png', { type: 'image/png' })]);
    expect(await screen.findByText('Invalid file in attachments.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.upload(input, [new File([PNG], 'gate.png', { type: 'image/png' })]);
    expect(await screen.findByText('Attachments added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const form = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(form.getAll('attachments')).toHaveLength(1);
  });
});

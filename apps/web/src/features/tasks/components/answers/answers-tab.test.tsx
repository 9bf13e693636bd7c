import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { ActionResult } from '@fieldops/shared/answers';
import { makeAnswer } from '../../../../components/answer-view/test-fixtures.ts';
import { list, problem, renderWithSession, stubFetch, type StubCall } from '../../../../test/session.tsx';
import { AnswersTab } from './answers-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store shared by every render; each test starts without them.
  notifications.clean();
});

const WORKFLOW = '/services/workflow/api';
const FLAGGED = `${WORKFLOW}/v1/action-results/flagged`;
const LATEST = `${WORKFLOW}/v1/report/latest/result`;

const leak = makeAnswer(21, 'YES_NO', 'NO', { isFlagged: true, notes: 'Water near the lifts' });
const broken = makeAnswer(22, 'SINGLE_CHOICE', '1', {
  isFlagged: true,
  userFullName: 'Lina Faris',
  userId: 4,
  action: {
    id: 12,
    nameEn: 'Entrance door',
    nameAr: null,
    type: 'SINGLE_CHOICE',
    options: [
      { labelEn: 'Fine', labelAr: 'سليم' },
      { labelEn: 'Broken', labelAr: 'مكسور' },
    ],
  },
});

interface ServerOptions {
  flagged: () => ActionResult[];
  latest?: ActionResult[];
  other?: (call: StubCall) => Response | undefined;
  /** Holds back the answer to a PUT until the test lets it go. */
  holdPut?: Promise<void>;
}

function stubServer({ flagged, latest = [], other, holdPut }: ServerOptions) {
  const stub = stubFetch((call) => {
    if (call.path === FLAGGED) return list(flagged());
    if (call.path === LATEST) return list(latest);
    return other?.(call);
  });
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    if (holdPut && init.method === 'PUT') await holdPut;
    return stub.fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  return stub.calls;
}

const flaggedList = () => screen.findByRole('list', { name: 'Answers needing attention' });

describe('answers tab', () => {
  it('lists the flagged answers of the task with who, where, what and the answer', async () => {
    const calls = stubServer({ flagged: () => [leak, broken] });
    renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    const items = within(await flaggedList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]).getByText('Entrance door')).toBeInTheDocument();
    expect(within(items[1]).getByText('Broken')).toBeInTheDocument();
    expect(within(items[1]).getByText('Lina Faris')).toBeInTheDocument();
    expect(within(items[1]).getByText('Tower A')).toBeInTheDocument();
    // When, in the business's time zone (Asia/Riyadh, UTC+3) as the tracker shows times.
    expect(within(items[1]).getByText(/^Mar 14, 2025, 10:30\sAM$/)).toBeInTheDocument();
    const call = calls.find((item) => item.path === FLAGGED);
    expect(Object.fromEntries(call?.search ?? [])).toEqual({ isFlagged: 'true', task: '5', page: '0', size: '20', sort: 'createdDate,desc' });
  });

  it('takes an unflagged answer out of the list at once', async () => {
    let release = () => undefined as void;
    const holdPut = new Promise<void>((resolve) => {
      release = resolve;
    });
    let unflagged = false;
    const calls = stubServer({
      flagged: () => (unflagged ? [broken] : [leak, broken]),
      holdPut,
      other: ({ method, path }) => {
        if (method !== 'PUT' || path !== `${WORKFLOW}/v1/action-results/21/unflag`) return undefined;
        unflagged = true;
        return Response.json({ ...leak, isFlagged: false });
      },
    });
    const user = userEvent.setup();
    renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    await user.click(within(await flaggedList()).getByRole('button', { name: 'Unflag Omar Haddad – Lobby floor' }));

    // Gone before the server has answered.
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Answers needing attention' })).getAllByRole('listitem')).toHaveLength(1));
    release();
    expect(await screen.findByText(MSG.answerUnflagged)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.path.endsWith('/21/unflag'))).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Answers needing attention' })).queryByText('Lobby floor')).not.toBeInTheDocument();
  });

  it("puts the answer back and says 'Failed to unflag answer' when the server refuses", async () => {
    stubServer({
      flagged: () => [leak, broken],
      other: ({ method }) => (method === 'PUT' ? new Response('', { status: 500 }) : undefined),
    });
    const user = userEvent.setup();
    renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    await user.click(within(await flaggedList()).getByRole('button', { name: 'Unflag Omar Haddad – Lobby floor' }));
    expect(await screen.findByText('Failed to unflag answer')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Answers needing attention' })).getAllByRole('listitem')).toHaveLength(2));
  });

  it('fires a ticket from an answer after a confirmation and opens the new ticket', async () => {
    const calls = stubServer({
      flagged: () => [leak, { ...broken, ticketId: 40, statusCode: '2' }],
      other: ({ method, path }) =>
        method === 'POST' && path === `${WORKFLOW}/v1/action-results/21/ticket` ? Response.json({ ...leak, ticketId: 77, statusCode: '2' }) : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    const items = within(await flaggedList()).getAllByRole('listitem');
    // An answer that already has a ticket links to it instead.
    expect(within(items[1]).queryByRole('button', { name: /Fire a ticket/ })).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'Ticket #40' })).toHaveAttribute('href', '/tickets/40');

    await user.click(within(items[0]).getByRole('button', { name: 'Fire ticket from Omar Haddad – Lobby floor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fire ticket' });
    await user.click(within(dialog).getByRole('button', { name: 'Create ticket' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets/77'));
    expect(await screen.findByText(MSG.ticketFired)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
  });

  it('says when nothing needs attention, and opens a recent answer with its notes and history', async () => {
    const calls = stubServer({
      flagged: () => [],
      latest: [leak],
      other: ({ path }) => {
        if (path === `${WORKFLOW}/v1/action-results/21`) return Response.json(leak);
        if (path === `${WORKFLOW}/v1/users/3/actions/11/action-results`) return list([leak]);
        return undefined;
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    expect(await screen.findByText('No flagged answers')).toBeInTheDocument();
    const recent = await screen.findByRole('list', { name: 'Recent submitted actions' });
    await user.click(within(recent).getByRole('button', { name: 'Details of Omar Haddad – Lobby floor' }));

    const drawer = await screen.findByRole('dialog', { name: 'Answer details' });
    expect(await within(drawer).findByText('This answer')).toBeInTheDocument();
    // The notes section, and the same answer in the member's history.
    expect(within(drawer).getAllByText('Water near the lifts')).toHaveLength(2);
    expect(router.state.location.search).toContain('answer=21');
    expect(calls.find((call) => call.path === LATEST)?.search.get('task')).toBe('5');
  });

  it('shows the error with a retry when the flagged answers cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal('fetch', async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === FLAGGED && fail) return problem(500, 'boom');
      if (path === FLAGGED) return list([leak]);
      return list([]);
    });
    const user = userEvent.setup();
    renderWithSession(<AnswersTab taskId={5} />, { route: '/tasks/5?tab=answers' });
    expect(await screen.findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await flaggedList()).toBeInTheDocument();
  });
});

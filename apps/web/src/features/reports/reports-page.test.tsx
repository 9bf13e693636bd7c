import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAnswer } from '../../components/answer-view/test-fixtures.ts';
import { list, problem, renderWithSession, stubFetch, type StubCall } from '../../test/session.tsx';
import { ReportsPage } from './reports-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The page loads several lists at once; give a busy machine time.
const slow = { timeout: 8000 };

const LATEST = '/services/workflow/api/v1/report/latest/result';
const LIVE = '/services/workflow/api/v1/report/live';

const sites = [
  { id: 3, name: 'Tower A', projectId: 1, project: { id: 1, name: 'Riyadh' } },
  { id: 4, name: 'Depot', projectId: 2, project: { id: 2, name: 'Jeddah' } },
];

interface StubOptions {
  answers?: ReturnType<typeof makeAnswer>[];
  total?: number;
  latest?: (call: StubCall) => Response;
  live?: ReadableStream<Uint8Array>;
}

function stub({ answers = [], total, latest, live }: StubOptions = {}) {
  const stubbed = stubFetch((call) => {
    if (call.path === LATEST) return latest ? latest(call) : list(answers, total ?? answers.length);
    if (call.path === LIVE) return live ? new Response(live, { headers: { 'Content-Type': 'text/event-stream' } }) : new Response(new ReadableStream());
    if (call.path === '/api/v1/teams') return list(sites);
    if (call.path === '/api/v1/projects')
      return list([
        { id: 1, name: 'Riyadh' },
        { id: 2, name: 'Jeddah' },
      ]);
    if (call.path.endsWith('/actions')) return list([{ id: 11 }]);
    if (call.path.endsWith('/action-results')) return list(answers);
    const one = /\/v1\/action-results\/(\d+)$/.exec(call.path);
    if (one) return Response.json(answers.find((answer) => answer.id === Number(one[1])));
    if (call.path.startsWith('/api/users/')) return Response.json({ userId: 7, fullName: 'Omar Haddad', username: 'omar' });
    return list([]);
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

describe('reports page', () => {
  it('sends the filters in the address to the submissions call, 20 a page', async () => {
    const calls = stub({ answers: [makeAnswer(1, 'YES_NO', 'YES')], total: 45 });
    renderWithSession(<ReportsPage />, { route: '/reports?from=2025-03-01&to=2025-03-31&projects=1,2&sites=3&member=7&task=9&tag=2&page=2' });
    expect(await screen.findByText('Yes', undefined, slow)).toBeInTheDocument();
    const request = calls.find((call) => call.path === LATEST);
    expect(Object.fromEntries(request?.search ?? [])).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      projects: '1,2',
      teams: '3',
      users: '7',
      task: '9',
      tag: '2',
      page: '1',
      size: '20',
    });
  });

  it('asks for the answers that arrived after a delay alone when that box is ticked', async () => {
    const calls = stub({ answers: [makeAnswer(1, 'YES_NO', 'YES')] });
    renderWithSession(<ReportsPage />, { route: '/reports' });
    expect(await screen.findByText('Yes', undefined, slow)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === LATEST).every((call) => !call.search.has('delayed'))).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Arrived after a delay only' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === LATEST && call.search.get('delayed') === 'true')).toBe(true));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  });

  it('shows each answer with task, action, member, site, business time and marks, and opens its details', async () => {
    stub({ answers: [makeAnswer(8, 'SINGLE_CHOICE', '2', { isFlagged: true, outside: true, ticketId: 12, notes: 'Mopped twice' })] });
    const user = userEvent.setup();
    const { router } = renderWithSession(<ReportsPage />, { route: '/reports' });
    const table = await screen.findByRole('table', { name: 'Submitted answers' }, slow);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('Wet floor')).toBeInTheDocument();
    expect(within(row).getByText('Lobby inspection')).toBeInTheDocument();
    expect(within(row).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(row).getByText('Tower A')).toBeInTheDocument();
    // 07:30 UTC is 10:30 in Riyadh, the business's zone.
    expect(within(row).getByText(/10:30/)).toBeInTheDocument();
    expect(within(row).getByText('Needs attention')).toBeInTheDocument();
    expect(within(row).getByText('Outside')).toBeInTheDocument();
    expect(within(row).getByText('#12')).toBeInTheDocument();
    expect(within(row).queryByText('Delivered late')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Open the answer of Omar Haddad – Lobby floor' }));
    expect(router.state.location.search).toContain('answer=8');
    const drawer = await screen.findByRole('dialog', { name: 'Answer details' }, slow);
    expect((await within(drawer).findAllByText('Mopped twice', undefined, slow)).length).toBeGreaterThan(0);
  });

  it('marks an answer counted though delivered late, and one kept uncounted with why', async () => {
    stub({
      answers: [
        makeAnswer(8, 'YES_NO', 'YES', { late: true, userFullName: 'Counted Late' }),
        makeAnswer(9, 'YES_NO', 'YES', { late: true, held: 'UNPROVEN', userFullName: 'Kept Late' }),
      ],
    });
    renderWithSession(<ReportsPage />, { route: '/reports' });
    const table = await screen.findByRole('table', { name: 'Submitted answers' }, slow);
    const [, counted, kept] = within(table).getAllByRole('row');
    expect(within(counted).getByText('Delivered late')).toBeInTheDocument();
    expect(within(kept).getByText('Not counted: late, capture not proven')).toBeInTheDocument();
    expect(within(kept).queryByText('Delivered late')).not.toBeInTheDocument();
  });

  it('prints every answer and tells the audit log how many, with the filters', async () => {
    const calls = stub({ answers: [makeAnswer(8, 'SINGLE_CHOICE', '2'), makeAnswer(9, 'SINGLE_CHOICE', '1')] });
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    const user = userEvent.setup();
    renderWithSession(<ReportsPage />, { route: '/reports?from=2024-03-01&to=2024-03-31&sites=3' });
    await screen.findByRole('table', { name: 'Submitted answers' }, slow);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print all answers' }));
    await vi.waitFor(() => expect(printed).toHaveBeenCalled(), slow);
    const recorded = calls.filter((call) => call.path === '/api/v1/exports');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      body: { what: 'reports.answers', format: 'print', rows: 2, filters: { startDate: '2024-03-01', endDate: '2024-03-31', sites: '3' } },
    });
  });

  it('says No data when nothing matches, and offers Try Again after a failure', async () => {
    stub();
    renderWithSession(<ReportsPage />, { route: '/reports?task=9' });
    expect(await screen.findByText('No data', undefined, slow)).toBeInTheDocument();
    vi.unstubAllGlobals();

    let fail = true;
    stub({ latest: () => (fail ? problem(500, "We're fixing an issue. Try again later.") : list([makeAnswer(2, 'YES_NO', 'NO')])) });
    const user = userEvent.setup();
    renderWithSession(<ReportsPage />, { route: '/reports?task=10' });
    const retry = await screen.findByRole('button', { name: 'Try Again' }, slow);
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No', undefined, slow)).toBeInTheDocument();
  });

  it('adds answers from the live feed at the top, highlighted, when they match the filters', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    const live = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    stub({ answers: [makeAnswer(1, 'YES_NO', 'YES', { teamId: 3 })], live });
    renderWithSession(<ReportsPage />, { route: '/reports?live=1&sites=3' });
    expect(await screen.findByText('Yes', undefined, slow)).toBeInTheDocument();
    expect(await screen.findByRole('status', undefined, slow)).toHaveTextContent('Live');

    const arrived = makeAnswer(50, 'TEXT', 'Fresh from the lobby', { teamId: 3, createdDate: new Date().toISOString() });
    const elsewhere = makeAnswer(51, 'TEXT', 'From the depot', { teamId: 4, createdDate: new Date().toISOString() });
    push(`: keep-alive\n\nevent: answer\ndata: ${JSON.stringify(elsewhere)}\n\nevent: answer\ndata: ${JSON.stringify(arrived).slice(0, 40)}`);
    push(`${JSON.stringify(arrived).slice(40)}\n\n`);

    const cell = await screen.findByText('Fresh from the lobby', undefined, slow);
    const rows = within(screen.getByRole('table', { name: 'Submitted answers' })).getAllByRole('row');
    expect(rows[1]).toContainElement(cell);
    expect(rows[1]).toHaveAttribute('data-fresh', 'true');
    expect(screen.queryByText('From the depot')).not.toBeInTheDocument();
  });
});

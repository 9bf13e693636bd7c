import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kpiItem, NO_SCORES, scores, stats, tag, WORKFLOW } from '../../components/performance/test-fixtures.ts';
import { fakeSession, list, problem, renderWithSession, stubFetch, type StubCall } from '../../test/session.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const STATS = `${WORKFLOW}/v1/report/business/2/stats`;
const DASHBOARD = `${WORKFLOW}/v1/report/business/2/dashboard`;
const TAGS = `${WORKFLOW}/v1/report/tags/kpi`;
const kpiPath = (kind: string) => `${WORKFLOW}/v1/report/${kind}/kpi`;
const KINDS = ['tasks', 'members', 'teams', 'projects'];

const NAMES: Record<string, string> = { tasks: 'Lobby inspection', members: 'Sara Ali', teams: 'Tower A', projects: 'Downtown' };
const failed = () => problem(500, 'error.internal');

interface ServerOptions {
  /** Paths that answer 500, until `heal` is called. */
  failing?: string[];
  empty?: boolean;
  /** Whether the one dashboard call answers (else it is not found, and the cards ask one by one). */
  batch?: boolean;
  /** Whether schedules were scored: 76.7% on average in the range, one passed and one failed; each listed entity 70%. */
  scored?: boolean;
}

function stubServer({ failing = [], empty = false, batch = false, scored = false }: ServerOptions = {}) {
  const broken = new Set(failing);
  /** The one call's answer, put together from the single calls' answers under the same filter. */
  const dashboard = async (search: URLSearchParams) => {
    const part = async (path: string, extra: Record<string, string> = {}) => {
      const response = one({ path, search: new URLSearchParams({ ...Object.fromEntries(search), ...extra }) });
      return response?.json();
    };
    const page = async (path: string, extra: Record<string, string> = {}) => {
      const items = (await part(path, extra)) as unknown[];
      return { items, total: items.length };
    };
    const best: Record<string, unknown> = {};
    for (const kind of KINDS) best[kind] = await page(kpiPath(kind));
    const load: Record<string, unknown> = {};
    for (const kind of ['members', 'teams', 'projects']) load[kind] = await page(kpiPath(kind), { order: 'load' });
    return Response.json({ stats: await part(STATS), best, load, tags: await page(TAGS) });
  };
  const one = ({ path, search }: { path: string; search: URLSearchParams }): Response | undefined => {
    if (broken.has(path)) return failed();
    if (path === STATS) {
      return Response.json(
        empty
          ? stats({
              activeSchedules: 0,
              answers: 0,
              flagged: 0,
              schedules: { done: 0, late: 0, missed: 0, pending: 0, inProgress: 0, total: 0, completionRate: 0, ...NO_SCORES },
            })
          : stats({ lateAnswers: 3, ...(scored ? { schedules: { ...stats().schedules, ...scores(3, 76.7, 1, 1) } } : {}) }),
      );
    }
    if (path === TAGS) return list(empty ? [] : [tag(1, { nameEn: 'Safety', answers: 12 }), tag(2, { nameEn: 'Cleaning', answers: 4 })]);
    const kind = KINDS.find((k) => path === kpiPath(k));
    if (kind) {
      if (empty) return list([]);
      const best = search.get('best') !== 'false';
      const item = kind === 'tasks' ? { nameEn: NAMES.tasks, nameAr: 'فحص الردهة' } : { name: NAMES[kind] };
      return list([kpiItem(1, { ...item, completionRate: best ? 87.5 : 12.5, ...(scored ? scores(2, 70) : {}) })]);
    }
    if (path === '/api/v1/projects')
      return list([
        { id: 2, name: 'Downtown' },
        { id: 3, name: 'Harbour' },
      ]);
    if (path === '/api/v1/teams') return list([{ id: 4, name: 'Tower A', projectId: 2 }]);
    if (path === '/api/users/9/basic-info') return Response.json({ id: 9, username: 'sara', fullName: 'Sara Ali', avatar: null });
    if (path === '/api/v2/business-members') return list([]);
    return undefined;
  };
  const stub = stubFetch(({ path, search }) => (path === DASHBOARD && batch && !broken.has(path) ? undefined : one({ path, search })));
  const fetchMock = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = await stub.fetchMock(input, init);
    return url.pathname === DASHBOARD && batch && !broken.has(DASHBOARD) ? dashboard(url.searchParams) : answer;
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls: stub.calls, heal: () => broken.clear() };
}

const callsTo = (calls: StubCall[], path: string) => calls.filter((call) => call.path === path);
const lastTo = (calls: StubCall[], path: string) => callsTo(calls, path).at(-1);
const dates = (call: StubCall | undefined) => [call?.search.get('startDate'), call?.search.get('endDate')];
const card = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  // 22:30 UTC on 1 March: already 2 March in the business's zone (Asia/Riyadh, UTC+3).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T22:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('dashboard', () => {
  it("shows every card for the last week, counted in the business's time zone", async () => {
    const { calls } = stubServer();
    renderWithSession(<DashboardPage />);

    expect(await screen.findByTestId('stat-projects-value')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-sites-value')).toHaveTextContent('5');
    expect(screen.getByTestId('stat-members-value')).toHaveTextContent('12');
    expect(screen.getByTestId('active-schedules')).toHaveTextContent('4');
    expect(screen.getByTestId('range-completion-rate')).toHaveTextContent('87.5%');
    expect(screen.getByText('40 answers in the range, 2 flagged, 3 delivered late')).toBeInTheDocument();
    expect(dates(lastTo(calls, STATS))).toEqual(['2025-02-24', '2025-03-02']);
    expect(screen.getByTestId('report-range')).toHaveTextContent('Feb 24, 2025 – Mar 2, 2025');

    // The rankings below the first screenful arrive once the page has been drawn.
    await waitFor(() => expect(KINDS.map((kind) => lastTo(calls, kpiPath(kind))).every(Boolean)).toBe(true), { timeout: 10_000 });
    for (const kind of KINDS) {
      const rate = lastTo(calls, kpiPath(kind));
      expect(dates(rate), kind).toEqual(['2025-02-24', '2025-03-02']);
    }
    const tasks = card('Tasks');
    expect(await within(tasks).findByRole('link', { name: 'Lobby inspection' })).toHaveAttribute('href', '/tasks/1');
    expect(within(tasks).getByText('87.5%')).toBeInTheDocument();
    expect(within(card('Sites')).getByRole('link', { name: 'Tower A' })).toHaveAttribute('href', '/sites/1');

    // Load distribution asks for the busiest members, sites and projects.
    for (const kind of ['members', 'teams', 'projects']) {
      const load = callsTo(calls, kpiPath(kind)).find((call) => call.search.get('order') === 'load');
      expect(load?.search.get('size'), kind).toBe('10');
      expect(load?.search.has('best'), kind).toBe(false);
    }
    expect(within(card('Top tags')).getByText('Safety')).toBeInTheDocument();
    expect(within(card('Top tags')).getByText('Answers: 12')).toBeInTheDocument();
    expect(dates(lastTo(calls, TAGS))).toEqual(['2025-02-24', '2025-03-02']);
  });

  it('shows the average score and pass rate beside the completion rate where schedules were scored, and under each ranked rate', async () => {
    stubServer({ scored: true, batch: true });
    renderWithSession(<DashboardPage />);
    expect(await screen.findByTestId('range-average-score')).toHaveTextContent('76.7%');
    expect(screen.getByTestId('range-average-score-pass')).toHaveTextContent('Pass rate: 50%');
    expect(within(card('Active Schedules')).getByText('Average score in the range')).toBeInTheDocument();
    expect(screen.getByTestId('range-completion-rate')).toHaveTextContent('87.5%');
    const tasks = card('Tasks');
    expect(await within(tasks).findByTestId('kpi-score', {}, { timeout: 10_000 })).toHaveTextContent('Average score: 70%');
    expect(within(card('Members')).getByTestId('kpi-score')).toHaveTextContent('Average score: 70%');
  });

  it('shows no score where nothing was scored', async () => {
    stubServer({ batch: true });
    renderWithSession(<DashboardPage />);
    expect(await screen.findByTestId('range-completion-rate')).toHaveTextContent('87.5%');
    expect(await within(card('Tasks')).findByText('87.5%', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('range-average-score')).not.toBeInTheDocument();
    expect(screen.queryByTestId('kpi-score')).not.toBeInTheDocument();
  });

  it('sends the chosen date preset and the chosen project, site or member to every call, and keeps them in the address', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithSession(<DashboardPage />);
    await screen.findByTestId('active-schedules');

    // The test's screen matches no width: a phone's select of the range.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Yesterday');
    await vi.waitFor(() => expect(dates(lastTo(calls, STATS))).toEqual(['2025-03-01', '2025-03-01']));
    expect(dates(lastTo(calls, kpiPath('members')))).toEqual(['2025-03-01', '2025-03-01']);
    expect(dates(lastTo(calls, TAGS))).toEqual(['2025-03-01', '2025-03-01']);
    expect(router.state.location.search).toContain('range=yesterday');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last month');
    await vi.waitFor(() => expect(dates(lastTo(calls, STATS))).toEqual(['2025-02-01', '2025-03-02']));

    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Harbour' }));
    await vi.waitFor(() => expect(lastTo(calls, STATS)?.search.get('projectId')).toBe('3'));
    for (const kind of [...KINDS, 'tags']) {
      const call = lastTo(calls, kind === 'tags' ? TAGS : kpiPath(kind));
      expect(call?.search.get('projects'), kind).toBe('3');
      expect(dates(call), kind).toEqual(['2025-02-01', '2025-03-02']);
    }

    // One at a time: a site replaces the project.
    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'Tower A' }));
    await vi.waitFor(() => expect(lastTo(calls, STATS)?.search.get('teamId')).toBe('4'));
    expect(lastTo(calls, STATS)?.search.has('projectId')).toBe(false);
    expect(lastTo(calls, kpiPath('tasks'))?.search.get('teams')).toBe('4');
    expect(lastTo(calls, kpiPath('tasks'))?.search.has('projects')).toBe(false);
    expect(router.state.location.search).toContain('site=4');
    expect(router.state.location.search).not.toContain('project=');
  });

  it('reads a member filter from the address and shows who it is', async () => {
    const { calls } = stubServer();
    renderWithSession(<DashboardPage />, { route: '/?user=9&range=last3Days' });
    await screen.findByTestId('active-schedules');
    expect(lastTo(calls, STATS)?.search.get('userId')).toBe('9');
    expect(dates(lastTo(calls, STATS))).toEqual(['2025-02-28', '2025-03-02']);
    expect(lastTo(calls, kpiPath('projects'))?.search.get('users')).toBe('9');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Member' })).toHaveValue('Sara Ali'));
  });

  it('toggles a best and worst list', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    renderWithSession(<DashboardPage />);
    const members = card('Members');
    expect(await within(members).findByText('87.5%')).toBeInTheDocument();
    await user.click(within(members).getByRole('radio', { name: 'Worst' }));
    expect(await within(members).findByText('12.5%')).toBeInTheDocument();
    expect(lastTo(calls, kpiPath('members'))?.search.get('best')).toBe('false');
    // The other lists keep their own order.
    expect(within(card('Projects')).getByText('87.5%')).toBeInTheDocument();
  });

  it("shows 'No data' in every card when nothing was scheduled", async () => {
    stubServer({ empty: true });
    renderWithSession(<DashboardPage />);
    const titles = [
      'Active Schedules',
      'Tasks',
      'Members',
      'Sites',
      'Projects',
      'Schedules per member',
      'Schedules per site',
      'Schedules per project',
      'Top tags',
    ];
    for (const title of titles) {
      expect(await within(card(title)).findByText('No data'), title).toBeInTheDocument();
    }
    // The business still has its projects, sites and members.
    expect(screen.getByTestId('stat-projects-value')).toHaveTextContent('3');
  });

  it('shows a failed card with its message and Try Again while the other cards load, and retries', async () => {
    const { calls, heal } = stubServer({ failing: [STATS, kpiPath('tasks'), TAGS] });
    const user = userEvent.setup();
    renderWithSession(<DashboardPage />);

    const overview = card('Business Overview');
    expect(await within(overview).findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(within(card('Active Schedules')).getByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(await within(card('Tasks')).findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(await within(card('Top tags')).findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    // The rest of the page is there.
    expect(await within(card('Members')).findByRole('link', { name: 'Sara Ali' })).toBeInTheDocument();

    heal();
    const before = callsTo(calls, STATS).length;
    await user.click(within(card('Active Schedules')).getByRole('button', { name: 'Try Again' }));
    expect(await within(card('Active Schedules')).findByTestId('active-schedules')).toHaveTextContent('4');
    expect(callsTo(calls, STATS).length).toBe(before + 1);
    expect(within(overview).getByTestId('stat-projects-value')).toHaveTextContent('3');

    await user.click(within(card('Tasks')).getByRole('button', { name: 'Try Again' }));
    expect(await within(card('Tasks')).findByRole('link', { name: 'Lobby inspection' })).toBeInTheDocument();
    await user.click(within(card('Top tags')).getByRole('button', { name: 'Try Again' }));
    expect(await within(card('Top tags')).findByText('Safety')).toBeInTheDocument();
  });

  it('reads every card in one call, and only the list a toggle changes on its own afterwards', async () => {
    const { calls } = stubServer({ batch: true });
    const user = userEvent.setup();
    renderWithSession(<DashboardPage />, { route: '/?range=yesterday' });

    expect(await screen.findByTestId('active-schedules')).toHaveTextContent('4');
    expect(await within(card('Tasks')).findByRole('link', { name: 'Lobby inspection' })).toBeInTheDocument();
    expect(within(card('Top tags')).getByText('Safety')).toBeInTheDocument();
    expect(within(card('Schedules per site')).getAllByTestId('load-row')).toHaveLength(1);
    expect(callsTo(calls, DASHBOARD)).toHaveLength(1);
    expect(dates(lastTo(calls, DASHBOARD))).toEqual(['2025-03-01', '2025-03-01']);
    // Nothing else: no card asked for itself, and the filter lists wait to be opened (the sites
    // come with the session in the app; this test has no session load).
    const others = (list: StubCall[]) => list.map((call) => call.path).filter((path) => path !== '/api/v1/teams');
    expect(others(calls)).toEqual([DASHBOARD]);

    await user.click(within(card('Members')).getByRole('radio', { name: 'Worst' }));
    await vi.waitFor(() => expect(lastTo(calls, kpiPath('members'))?.search.get('best')).toBe('false'));
    expect(others(calls)).toEqual([DASHBOARD, kpiPath('members')]);

    // The projects are read when their list opens.
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    expect(await screen.findByRole('option', { name: 'Harbour' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/projects')).toHaveLength(1);
  });

  it("takes index.html's early answer for the default range instead of asking, and leaves its hint for the next start", async () => {
    const { calls } = stubServer({ batch: true });
    // What index.html asked for, answered by the same stub server.
    const url = `${DASHBOARD}?startDate=2025-02-24&endDate=2025-03-02`;
    const holder = window as unknown as Record<string, unknown>;
    holder.__fieldopsDashboard = { url, response: fetch(url) };
    calls.length = 0;
    renderWithSession(<DashboardPage />);

    expect(await screen.findByTestId('active-schedules')).toHaveTextContent('4');
    expect(await within(card('Tasks')).findByRole('link', { name: 'Lobby inspection' })).toBeInTheDocument();
    expect(callsTo(calls, DASHBOARD)).toHaveLength(0);
    expect(callsTo(calls, STATS)).toHaveLength(0);
    expect(holder.__fieldopsDashboard).toBeUndefined();
    expect(JSON.parse(window.localStorage.getItem('dashboardHint') ?? 'null')).toEqual({ path: DASHBOARD, zone: 'Asia/Riyadh' });
  });

  it('asks itself when the early answer is for another address or failed, and leaves no hint for other filters', async () => {
    const { calls } = stubServer({ batch: true });
    const holder = window as unknown as Record<string, unknown>;
    holder.__fieldopsDashboard = { url: `${DASHBOARD}?startDate=2025-02-24&endDate=2025-03-02`, response: Promise.resolve(Response.json({})) };
    renderWithSession(<DashboardPage />, { route: '/?range=yesterday' });
    expect(await screen.findByTestId('active-schedules')).toHaveTextContent('4');
    expect(dates(lastTo(calls, DASHBOARD))).toEqual(['2025-03-01', '2025-03-01']);
    expect(holder.__fieldopsDashboard).toBeUndefined();
    expect(window.localStorage.getItem('dashboardHint')).toBeNull();
  });

  it('asks itself when the early answer was refused', async () => {
    const { calls } = stubServer({ batch: true });
    const holder = window as unknown as Record<string, unknown>;
    holder.__fieldopsDashboard = { url: `${DASHBOARD}?startDate=2025-02-24&endDate=2025-03-02`, response: Promise.resolve(failed()) };
    renderWithSession(<DashboardPage />);
    expect(await screen.findByTestId('active-schedules')).toHaveTextContent('4');
    expect(callsTo(calls, DASHBOARD)).toHaveLength(1);
  });

  it('has each card read on its own when the one call fails', async () => {
    const { calls } = stubServer({ batch: true, failing: [DASHBOARD] });
    renderWithSession(<DashboardPage />);
    expect(await screen.findByTestId('active-schedules')).toHaveTextContent('4');
    expect(await within(card('Tasks')).findByRole('link', { name: 'Lobby inspection' })).toBeInTheDocument();
    expect(callsTo(calls, DASHBOARD)).toHaveLength(1);
    expect(callsTo(calls, STATS)).toHaveLength(1);
    expect(callsTo(calls, kpiPath('tasks'))).toHaveLength(1);
  });

  it('offers New Project and New Site to owners and admins only', async () => {
    stubServer();
    const view = renderWithSession(<DashboardPage />);
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/projects?new=1');
    await screen.findByTestId('active-schedules');
    view.unmount();

    renderWithSession(<DashboardPage />, { session: fakeSession({ role: 'MEMBER' }) });
    await screen.findByTestId('active-schedules');
    expect(screen.queryByRole('link', { name: 'New Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Site' })).not.toBeInTheDocument();
  });
});

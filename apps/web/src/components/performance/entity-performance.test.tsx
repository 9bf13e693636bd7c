import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n/i18n.ts';
import { list, problem, renderWithSession, stubFetch, type StubCall } from '../../test/session.tsx';
import { EntityPerformance } from './entity-performance.tsx';
import { kpiItem, point, scores, WORKFLOW } from './test-fixtures.ts';

const PERFORMANCE = `${WORKFLOW}/v1/report/performance`;
const kpiPath = (kind: string) => `${WORKFLOW}/v1/report/${kind}/kpi`;

interface ServerOptions {
  standingTotal?: number;
  failPerformance?: boolean;
  /** The entity's schedules were scored: 1 on the first day at 50%, 3 on the second at 70%, one passed and one failed. */
  scored?: boolean;
}

function stubServer({ standingTotal = 8, failPerformance = false, scored = false }: ServerOptions = {}) {
  let broken = failPerformance;
  const stub = stubFetch(({ path, search }) => {
    const standing = /^\/services\/workflow\/api\/v1\/report\/(\w+)\/kpi\/(\d+)$/.exec(path);
    if (standing) {
      const item = kpiItem(Number(standing[2]), {
        name: 'Downtown',
        rank: standingTotal ? 3 : null,
        total: standingTotal,
        done: standingTotal ? 7 : 0,
        ...(scored ? scores(4, 65, 1, 1) : {}),
      });
      return Response.json({ item, ranked: 12 });
    }
    if (path === PERFORMANCE) {
      if (broken) return problem(500, 'error.internal');
      return Response.json([
        point('2025-02-28', { done: 1, total: 2, completionRate: 50, ...(scored ? scores(1, 50, 0, 1) : {}) }),
        point('2025-03-01', { done: 3, total: 3, completionRate: 100, ...(scored ? scores(3, 70, 1, 0) : {}) }),
      ]);
    }
    if (path === kpiPath('teams')) return list([kpiItem(4, { name: 'Tower A', context: 'Downtown' })]);
    if (path === kpiPath('members')) return list([kpiItem(9, { name: 'Sara Ali', completionRate: search.get('best') === 'false' ? 10 : 90 })]);
    if (path === kpiPath('tasks')) return list([kpiItem(5, { nameEn: 'Lobby inspection', nameAr: 'فحص الردهة' })]);
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return { calls: stub.calls, heal: () => (broken = false) };
}

const lastTo = (calls: StubCall[], path: string, match: (call: StubCall) => boolean = () => true) =>
  calls.filter((call) => call.path === path && match(call)).at(-1);
const dates = (call: StubCall | undefined) => [call?.search.get('startDate'), call?.search.get('endDate')];
const card = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T22:30:00Z'));
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Performance tab', () => {
  it("shows a project's rank, its rate by day, its best sites and members and its load, for the last week", async () => {
    const { calls } = stubServer();
    renderWithSession(<EntityPerformance entity="projects" id={2} />, { route: '/projects/2' });

    expect(await screen.findByTestId('standing-rank')).toHaveTextContent('3 of 12');
    expect(screen.getByTestId('standing-rate')).toHaveTextContent('87.5%');
    // The standing explains its rank as a list's row does.
    expect(screen.getByRole('button', { name: 'Why this rank? Downtown' })).toBeInTheDocument();
    expect(dates(lastTo(calls, `${WORKFLOW}/v1/report/projects/kpi/2`))).toEqual(['2025-02-24', '2025-03-02']);

    // 4 of 5 schedules done over the range.
    expect(await screen.findByTestId('overall-rate')).toHaveTextContent('80%');
    const series = lastTo(calls, PERFORMANCE);
    expect(series?.search.get('projects')).toBe('2');
    expect(dates(series)).toEqual(['2025-02-24', '2025-03-02']);

    expect(await within(card('Sites')).findByRole('link', { name: 'Tower A' })).toHaveAttribute('href', '/sites/4');
    expect(within(card('Members')).getByRole('link', { name: 'Sara Ali' })).toBeInTheDocument();
    expect(lastTo(calls, kpiPath('teams'), (c) => c.search.get('order') === 'rate')?.search.get('projects')).toBe('2');
    expect(lastTo(calls, kpiPath('members'))?.search.get('projects')).toBe('2');
    const load = lastTo(calls, kpiPath('teams'), (c) => c.search.get('order') === 'load');
    expect(load?.search.get('projects')).toBe('2');
    expect(screen.getByRole('region', { name: 'Schedules per site' })).toBeInTheDocument();
  });

  it('shows the average score and pass rate beside the completion rate, and the score by day with its average over the range', async () => {
    stubServer({ scored: true });
    renderWithSession(<EntityPerformance entity="members" id={9} />);
    expect(await screen.findByTestId('standing-score')).toHaveTextContent('65%');
    expect(screen.getByTestId('standing-score-pass')).toHaveTextContent('Pass rate: 50%');
    // (50 × 1 + 70 × 3) / 4 over the range, beside 80% done.
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('Average score: 65%');
    expect(screen.getByTestId('overall-rate')).toHaveTextContent('80%');
    expect(screen.getByTestId('score-line')).toBeInTheDocument();
  });

  it('shows no score where nothing was scored', async () => {
    stubServer();
    renderWithSession(<EntityPerformance entity="members" id={9} />);
    expect(await screen.findByTestId('overall-rate')).toHaveTextContent('80%');
    expect(screen.getByTestId('standing-rate')).toBeInTheDocument();
    expect(screen.queryByTestId('standing-score')).not.toBeInTheDocument();
    expect(screen.queryByTestId('overall-score')).not.toBeInTheDocument();
  });

  it('has its own date filter, kept in the address', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithSession(<EntityPerformance entity="projects" id={2} />, { route: '/projects/2?tab=performance' });
    await screen.findByTestId('standing-rank');
    // A phone's select (the test's screen matches no width); a wider screen's segments are the same choice.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last three days');
    await vi.waitFor(() => expect(dates(lastTo(calls, `${WORKFLOW}/v1/report/projects/kpi/2`))).toEqual(['2025-02-28', '2025-03-02']));
    expect(dates(lastTo(calls, PERFORMANCE))).toEqual(['2025-02-28', '2025-03-02']);
    expect(dates(lastTo(calls, kpiPath('members')))).toEqual(['2025-02-28', '2025-03-02']);
    expect(router.state.location.search).toBe('?tab=performance&range=last3Days');
  });

  it("narrows a member's tab by user, a site's by team and a task's by task", async () => {
    const { calls } = stubServer();
    const view = renderWithSession(<EntityPerformance entity="members" id={9} />);
    expect(await within(await screen.findByRole('region', { name: 'Tasks' })).findByRole('link', { name: 'Lobby inspection' })).toHaveAttribute(
      'href',
      '/tasks/5',
    );
    expect(lastTo(calls, `${WORKFLOW}/v1/report/members/kpi/9`)).toBeDefined();
    expect(lastTo(calls, PERFORMANCE)?.search.get('users')).toBe('9');
    expect(lastTo(calls, kpiPath('tasks'))?.search.get('users')).toBe('9');
    view.unmount();

    renderWithSession(<EntityPerformance entity="tasks" id={5} />);
    await screen.findByTestId('standing-rank');
    expect(lastTo(calls, `${WORKFLOW}/v1/report/tasks/kpi/5`)).toBeDefined();
    await vi.waitFor(() => expect(lastTo(calls, kpiPath('members'))?.search.get('task')).toBe('5'));
    expect(lastTo(calls, PERFORMANCE)?.search.get('task')).toBe('5');
    expect(lastTo(calls, kpiPath('teams'))?.search.get('task')).toBe('5');
  });

  it("says when the entity is not ranked, and shows the chart's error with retry on its own", async () => {
    const { calls, heal } = stubServer({ standingTotal: 0, failPerformance: true });
    const user = userEvent.setup();
    renderWithSession(<EntityPerformance entity="teams" id={4} />);
    const rank = await screen.findByRole('region', { name: 'Rank' });
    expect(await within(rank).findByText('No data')).toBeInTheDocument();
    expect(within(rank).getByText('Not ranked: nothing was scheduled in this date range.')).toBeInTheDocument();

    const chart = card('Completion rate over time');
    expect(await within(chart).findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(await within(card('Members')).findByRole('link', { name: 'Sara Ali' })).toBeInTheDocument();
    heal();
    await user.click(within(chart).getByRole('button', { name: 'Try Again' }));
    expect(await within(chart).findByTestId('overall-rate')).toHaveTextContent('80%');
    expect(lastTo(calls, PERFORMANCE)?.search.get('teams')).toBe('4');
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubServer();
    renderWithSession(<EntityPerformance entity="members" id={9} />);
    expect(await screen.findByTestId('standing-rank')).toHaveTextContent('3 من 12');
    expect(await screen.findByRole('link', { name: 'فحص الردهة' })).toBeInTheDocument();
    expect((screen.getByRole('option', { name: 'آخر أسبوع' }) as HTMLOptionElement).selected).toBe(true);
  });

  it('names the scores in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubServer({ scored: true });
    renderWithSession(<EntityPerformance entity="members" id={9} />);
    expect(await screen.findByTestId('standing-score-pass')).toHaveTextContent('نسبة النجاح: 50%');
    expect(within(card('الترتيب')).getByText('متوسط الدرجة')).toBeInTheDocument();
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('متوسط الدرجة: 65%');
  });
});

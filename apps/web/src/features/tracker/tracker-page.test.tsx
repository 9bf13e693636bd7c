import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, list, renderWithSession, stubFetch, type StubCall } from '../../test/session.tsx';
import { addDays } from '../../lib/business-time.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { WORKFLOW, kpis, makeSchedule, riyadhToday } from './test/fixtures.ts';
import { TrackerPage } from './tracker-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const MINE = `${WORKFLOW}/schedules/user-schedules`;
const ALL = `${WORKFLOW}/v2/schedules`;
const KPIS = `${WORKFLOW}/schedules/kpis`;
const TASKS = `${WORKFLOW}/v1/tasks`;

interface ServerOptions {
  schedules?: ReturnType<typeof makeSchedule>[];
  total?: number;
  drafts?: number;
  holidays?: { date: string; nameEn: string; nameAr: string; observed: boolean }[];
}

const HOLIDAYS = '/api/v1/business-calendar/holidays';

function stubServer({ schedules = [makeSchedule()], total = schedules.length, drafts = 0, holidays = [] }: ServerOptions = {}) {
  const stub = stubFetch(({ path, search }) => {
    if (path === HOLIDAYS) {
      const year = search.get('year');
      return Response.json(holidays.filter((h) => h.date.startsWith(`${year}-`)).map((h) => ({ id: null, source: 'PUBLIC', ...h })));
    }
    if (path === MINE || path === ALL) {
      const page = Number(search.get('page'));
      return list(page * 20 < total ? schedules : [], total);
    }
    if (path === KPIS) {
      return Response.json(
        search.get('timing') === 'NEXT'
          ? kpis({ pending: 4, total: 4 })
          : kpis({ done: 3, missed: 1, pending: 2, inProgress: 1, total: 7, completionRate: 42.9 }),
      );
    }
    if (path === TASKS) {
      const tasks = Array.from({ length: drafts }, (_, index) => ({
        id: 60 + index,
        nameEn: `Draft ${index + 1}`,
        nameAr: null,
        descriptionEn: null,
        descriptionAr: null,
        geoRestrictionEnabled: true,
        tagId: null,
        tag: null,
        creatorId: 7,
        actionsCount: 2,
        completionRate: null,
        createdDate: '2025-01-05T08:00:00.000Z',
      }));
      return list(tasks, drafts);
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const listCalls = (calls: StubCall[]) => calls.filter((call) => call.path === MINE || call.path === ALL);
const lastList = (calls: StubCall[]) => listCalls(calls).at(-1);
const supervisor = () => fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: 'Lead' }] });

describe('tracker page', () => {
  it("lists the caller's own schedules started today in the business time zone, with counters", async () => {
    const calls = stubServer();
    renderWithSession(<TrackerPage />, { route: '/tracker' });

    const row = await screen.findByRole('link', { name: /Lobby inspection/ });
    expect(row).toHaveAttribute('href', '/tracker/40');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(row).toHaveTextContent('Tower A · Downtown');

    const request = lastList(calls);
    expect(request?.path).toBe(MINE);
    expect(Object.fromEntries(request?.search ?? [])).toEqual({
      page: '0',
      size: '20',
      sort: 'start,desc',
      timing: 'DUE',
      withActionCalculations: 'true',
      startDate: riyadhToday(),
      endDate: riyadhToday(),
    });
    const dueKpis = calls.find((call) => call.path === KPIS && call.search.get('timing') === 'DUE');
    expect(dueKpis?.search.get('users')).toBe('7');
    expect(dueKpis?.search.get('startDate')).toBe(riyadhToday());

    expect(await screen.findByRole('tab', { name: /Done.*3 tasks/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All.*7 tasks/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Next.*4 tasks/ })).toBeInTheDocument();
    expect(screen.getByText('Completion rate: 42.9%')).toBeInTheDocument();
    // Tasks without a plan are nobody's: Draft belongs to All Tasks.
    expect(screen.queryByRole('tab', { name: /Draft/ })).not.toBeInTheDocument();
  });

  it('sends the status, timing and period of each tab and keeps them in the address', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithSession(<TrackerPage />, { route: '/tracker' });
    await screen.findByRole('link', { name: /Lobby inspection/ });

    for (const [tab, status] of [
      ['Done', 'done'],
      ['Missed', 'missed'],
      ['In Progress', 'inProgress'],
      ['Pending', 'pending'],
    ]) {
      await user.click(screen.getByRole('tab', { name: new RegExp(`^${tab}`) }));
      await vi.waitFor(() => expect(lastList(calls)?.search.get('status')).toBe(status));
      expect(lastList(calls)?.search.get('timing')).toBe('DUE');
    }
    expect(router.state.location.search).toBe('?tab=pending');

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await vi.waitFor(() => expect(lastList(calls)?.search.get('startDate')).toBe(addDays(riyadhToday(), -6)));
    expect(lastList(calls)?.search.get('endDate')).toBe(riyadhToday());
    expect(router.state.location.search).toBe('?tab=pending&period=last7');

    await user.click(screen.getByRole('tab', { name: /^Next/ }));
    await vi.waitFor(() => expect(lastList(calls)?.search.get('timing')).toBe('NEXT'));
    const next = lastList(calls);
    expect(next?.search.get('sort')).toBe('start,asc');
    expect(next?.search.has('status')).toBe(false);
    expect(next?.search.has('startDate')).toBe(false);
    // Upcoming occurrences show as Next, and no period applies to them.
    expect(screen.queryByRole('radio', { name: 'Today' })).not.toBeInTheDocument();
  });

  it('calls the all-schedules endpoint for All Tasks, shows the member, and lists drafts from the tasks endpoint', async () => {
    const calls = stubServer({ schedules: [makeSchedule({ userFullName: 'Sara Ali', userId: 9 })], drafts: 2 });
    const user = userEvent.setup();
    const { router } = renderWithSession(<TrackerPage />, { route: '/tracker' });
    await screen.findByRole('link', { name: /Lobby inspection/ });
    expect(screen.queryByText('Sara Ali')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'All Tasks' }));
    expect(await screen.findByText('Sara Ali')).toBeInTheDocument();
    expect(lastList(calls)?.path).toBe(ALL);
    expect(router.state.location.search).toBe('?scope=all');
    const allKpis = calls.filter((call) => call.path === KPIS).at(-1);
    expect(allKpis?.search.has('users')).toBe(false);

    await user.click(await screen.findByRole('tab', { name: /^Draft.*2 tasks/ }));
    expect(await screen.findByRole('link', { name: /Draft 1/ })).toHaveAttribute('href', '/tasks/60');
    const drafts = calls.filter((call) => call.path === TASKS).at(-1);
    expect(drafts?.search.get('draft')).toBe('true');
    expect(drafts?.search.get('size')).toBe('20');
  });

  it('shows a member who supervises no site only their own tasks, even with ?scope=all', async () => {
    const calls = stubServer();
    renderWithSession(<TrackerPage />, { route: '/tracker?scope=all&tab=draft', session: fakeSession({ role: 'MEMBER' }) });
    await screen.findByRole('link', { name: /Lobby inspection/ });
    expect(screen.queryByRole('radio', { name: 'All Tasks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Draft/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === ALL || call.path === TASKS)).toBe(false);
    expect(lastList(calls)?.path).toBe(MINE);
  });

  it('lets a site supervisor switch to All Tasks', async () => {
    stubServer();
    renderWithSession(<TrackerPage />, { route: '/tracker', session: supervisor() });
    expect(await screen.findByRole('radio', { name: 'All Tasks' })).toBeInTheDocument();
  });

  it('has its own empty state on every tab', async () => {
    stubServer({ schedules: [], drafts: 0 });
    const user = userEvent.setup();
    renderWithSession(<TrackerPage />, { route: '/tracker?scope=all' });
    const expected: [RegExp, string][] = [
      [/^All/, 'No tasks in this period'],
      [/^Done/, 'No done tasks'],
      [/^Missed/, 'No missed tasks'],
      [/^In Progress/, 'No tasks in progress'],
      [/^Pending/, 'No pending tasks'],
      [/^Draft/, 'No draft tasks'],
      [/^Next/, 'Nothing coming up'],
    ];
    for (const [tab, title] of expected) {
      await user.click(await screen.findByRole('tab', { name: tab }));
      expect(await screen.findByText(title)).toBeInTheDocument();
    }
  });

  it('says which days are holidays kept by the business, and why plans skipping them have no task, in both languages', async () => {
    const today = riyadhToday();
    stubServer({
      holidays: [
        { date: today, nameEn: 'National Day', nameAr: 'اليوم الوطني', observed: true },
        { date: addDays(today, 3), nameEn: 'Founding Day', nameAr: 'يوم التأسيس', observed: true },
        { date: addDays(today, 5), nameEn: 'Not kept', nameAr: 'غير معتمدة', observed: false },
      ],
    });
    const user = userEvent.setup();
    const { unmount } = renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText('A holiday in these days')).toBeInTheDocument();
    expect(screen.getByText(/National Day/)).toBeInTheDocument();
    expect(screen.getByText('Plans set to skip holidays make no task on these days.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Founding Day/)).not.toBeInTheDocument();
    // Next speaks of the coming two weeks; a holiday the business does not keep is left out.
    await user.click(screen.getByRole('tab', { name: /Next/ }));
    expect(await screen.findByText('2 holidays in these days')).toBeInTheDocument();
    expect(screen.getByText(/Founding Day/)).toBeInTheDocument();
    expect(screen.queryByText(/Not kept/)).not.toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText('عطلة في هذه الأيام')).toBeInTheDocument();
    expect(screen.getByText(/اليوم الوطني/)).toBeInTheDocument();
  });

  it('shows no holiday note when the period has none', async () => {
    stubServer({ holidays: [] });
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    await screen.findByRole('link', { name: /Lobby inspection/ });
    expect(screen.queryByText(/holiday/i)).not.toBeInTheDocument();
  });

  it('pages 20 at a time', async () => {
    const calls = stubServer({ total: 41 });
    const user = userEvent.setup();
    const { router } = renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText('1–20 of 41')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await vi.waitFor(() => expect(lastList(calls)?.search.get('page')).toBe('1'));
    expect(await screen.findByText('21–40 of 41')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the failure text with retry when the list cannot load', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      stubFetch(({ path }) => {
        if (path === MINE) return fail ? new Response('', { status: 500 }) : list([makeSchedule()], 1);
        if (path === KPIS) return Response.json(kpis());
        return undefined;
      }).fetchMock,
    );
    const user = userEvent.setup();
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Lobby inspection/ })).toBeInTheDocument();
  });
});

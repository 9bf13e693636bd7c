import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { useFakeTime } from '../../test/fake-time.ts';
import { makeTask } from './test-fixtures.ts';
import { TasksPage } from './tasks-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TASKS = '/services/workflow/api/v1/tasks';

function stubTasks(tasks = [makeTask({ actionsCount: 4, tag: { id: 3, nameEn: 'Safety', nameAr: 'السلامة' }, tagId: 3, completionRate: 87.5 })]) {
  const stub = stubFetch(({ path, search }) => {
    if (path !== TASKS) return undefined;
    const key = search.get('searchKey');
    return key && key !== 'lobby' ? list([], 0) : list(tasks, 41);
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const searchKeys = (calls: ReturnType<typeof stubTasks>) => calls.filter((call) => call.path === TASKS).map((call) => call.search.get('searchKey'));

describe('tasks page', () => {
  it('lists 20 a page, newest first, with tag, actions and geofence', async () => {
    const calls = stubTasks();
    renderWithSession(<TasksPage />, { route: '/tasks' });
    expect(await screen.findByRole('link', { name: 'Lobby inspection' })).toHaveAttribute('href', '/tasks/5');
    expect(screen.getAllByText('Safety').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Geofence on').length).toBeGreaterThan(0);
    // Its completion over the last 30 days, from the reports.
    expect(screen.getByRole('columnheader', { name: 'Completion (30 days)' })).toBeInTheDocument();
    expect(screen.getByText('87.5%')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();
    const request = calls.find((call) => call.path === TASKS);
    expect(request?.search.get('size')).toBe('20');
    expect(request?.search.get('page')).toBe('0');
    expect(request?.search.get('sort')).toBe('id,desc');
  });

  it('sends the search key trimmed, after typing stops, and says when nothing matches', async () => {
    const calls = stubTasks();
    const { router } = renderWithSession(<TasksPage />, { route: '/tasks' });
    await screen.findByRole('link', { name: 'Lobby inspection' });

    // Time moves only when the test moves it: however long the machine takes to type the keys, no
    // pause between two of them reaches the search's delay, and typing stopped is 300 ms passing.
    const realTime = useFakeTime();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const box = screen.getByRole('textbox', { name: 'Search tasks' });
      await user.type(box, '  lobby  ');
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(searchKeys(calls).filter(Boolean)).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await vi.waitFor(() => expect(searchKeys(calls)).toContain('lobby'));
      expect(searchKeys(calls).filter(Boolean)).toEqual(['lobby']);
      expect(router.state.location.search).toBe('?q=lobby');

      await user.clear(box);
      await user.type(box, 'boiler ');
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(await screen.findByText('No matching tasks')).toBeInTheDocument();
      expect(searchKeys(calls).filter(Boolean)).toEqual(['lobby', 'boiler']);
    } finally {
      realTime();
    }
  });

  it('offers a new task and a template when there are no tasks, but not to members', async () => {
    vi.stubGlobal('fetch', stubFetch(() => list([], 0)).fetchMock);
    const view = renderWithSession(<TasksPage />, { route: '/tasks' });
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New task' }).length).toBe(2);
    expect(screen.getAllByRole('link', { name: 'Create from template' }).length).toBe(2);
    view.unmount();

    renderWithSession(<TasksPage />, { route: '/tasks', session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New task' })).not.toBeInTheDocument();
  });

  it('lets a site supervisor manage tasks', async () => {
    stubTasks();
    const session = fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: 'Lead' }] });
    renderWithSession(<TasksPage />, { route: '/tasks', session });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Lobby inspection' }));
    expect(await screen.findByRole('menuitem', { name: 'Duplicate' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows the failure text with retry when the list cannot load', async () => {
    vi.stubGlobal('fetch', stubFetch(() => new Response('', { status: 500 })).fetchMock);
    renderWithSession(<TasksPage />, { route: '/tasks' });
    expect(await screen.findByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

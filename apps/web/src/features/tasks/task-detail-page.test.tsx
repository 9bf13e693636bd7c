import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { actionTypes, chainedTask } from './test-fixtures.ts';
import { TaskDetailPage } from './task-detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';

function stubTask(task = chainedTask()) {
  const stub = stubFetch(({ method, path }) => {
    if (method === 'GET' && path === `${WORKFLOW}/v2/tasks/${task.id}`) return Response.json(task);
    if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
    if (path === `${WORKFLOW}/v1/tags`) return Response.json([]);
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

describe('task page', () => {
  it('reads the task id from the last segment of the path and lists the actions with their rule in words', async () => {
    const calls = stubTask();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5' });
    expect(await screen.findByRole('heading', { name: 'Lobby inspection' })).toBeInTheDocument();
    expect(calls[0].search.get('eagerLoad')).toBe('true');
    const photo = screen.getByRole('listitem', { name: 'Photo of the damage' });
    expect(within(photo).getByText('Shown when “Is anything damaged?” is answered No')).toBeInTheDocument();
    expect(await within(photo).findByText('Photo')).toBeInTheDocument();
    // Which actions must be answered, and which are optional, is on each card.
    expect(within(screen.getByRole('listitem', { name: 'Is anything damaged?' })).getByText('Required')).toBeInTheDocument();
    expect(within(photo).getByText('Required')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Remarks' })).getByText('Optional')).toBeInTheDocument();
  });

  it('applies the chain rule live in the preview: No shows the photo action, Yes hides it', async () => {
    const calls = stubTask();
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5?tab=preview' });

    const question = await screen.findByRole('group', { name: 'Is anything damaged?' });
    expect(screen.queryByRole('region', { name: 'Photo of the damage' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 1 required answered')).toBeInTheDocument();

    await user.click(within(question).getByRole('button', { name: 'No' }));
    const photo = await screen.findByRole('region', { name: 'Photo of the damage' });
    expect(within(photo).getByRole('button', { name: 'Take or choose a photo' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 required answered')).toBeInTheDocument();

    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('region', { name: 'Photo of the damage' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 1 required answered')).toBeInTheDocument();
    // The preview sends nothing.
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('opens the Plans and Answers tabs from the address', async () => {
    const { fetchMock, calls } = stubFetch(({ path }) => {
      if (path === `${WORKFLOW}/v2/tasks/5`) return Response.json(chainedTask());
      if (path === `${WORKFLOW}/v2/tasks/5/execution-plans`) return list([]);
      if (path === `${WORKFLOW}/v1/action-results/flagged` || path === `${WORKFLOW}/v1/report/latest/result`) return list([]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const view = renderWithSession(<TaskDetailPage />, { route: '/tasks/5?tab=plans' });
    expect(await screen.findByRole('tab', { name: 'Plans', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    view.unmount();

    renderWithSession(<TaskDetailPage />, { route: '/tasks/5?tab=answers' });
    expect(await screen.findByRole('tab', { name: 'Answers', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No flagged answers')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/flagged'))?.search.get('task')).toBe('5');
  });

  it('shows the not-found page for a task the business does not have', async () => {
    vi.stubGlobal('fetch', stubFetch(() => problem(404, MSG.taskNotFound)).fetchMock);
    renderWithSession(<TaskDetailPage />, { route: '/tasks/999' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('puts the old order back and explains why when the server refuses a move', async () => {
    const { fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === `${WORKFLOW}/v1/actions/order`) return problem(400, MSG.reorderBreaksRules);
      if (path === `${WORKFLOW}/v2/tasks/5`) return Response.json(chainedTask());
      if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5' });
    await user.click(await screen.findByRole('button', { name: 'Move Photo of the damage up' }));
    expect(await screen.findByText('Failed to reorder actions')).toBeInTheDocument();
    expect(screen.getByText(MSG.reorderBreaksRules)).toBeInTheDocument();
    const order = screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    expect(order).toEqual(['Is anything damaged?', 'Photo of the damage', 'Remarks']);
  });

  it('says before any confirmation that an action with dependents cannot be deleted, naming them', async () => {
    const calls = stubTask();
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5' });
    await user.click(await screen.findByRole('button', { name: 'More actions for Is anything damaged?' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete action' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('cannot be deleted until their rules no longer use it');
    expect(within(dialog).getByText('Photo of the damage')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes an action nothing depends on after confirmation', async () => {
    const calls = stubTask();
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5' });
    await user.click(await screen.findByRole('button', { name: 'More actions for Remarks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete action' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/v1/actions/13'))).toBe(true));
  });

  it("shows the server's reason when deleting is refused all the same (a rule added elsewhere meanwhile)", async () => {
    const { fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'DELETE' && path === `${WORKFLOW}/v1/actions/13`) return problem(409, MSG.actionHasDependents);
      if (path === `${WORKFLOW}/v2/tasks/5`) return Response.json(chainedTask());
      if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5' });
    await user.click(await screen.findByRole('button', { name: 'More actions for Remarks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete action' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MSG.actionHasDependents)).toBeInTheDocument();
  });

  it('hides every change from a member', async () => {
    stubTask();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5', session: fakeSession({ role: 'MEMBER' }) });
    await screen.findByRole('heading', { name: 'Lobby inspection' });
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).not.toBeInTheDocument();
  });
});

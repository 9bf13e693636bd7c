// The GPS accuracy a task's answers need, on its Settings tab: saved on its own, emptied to fall
// back to each site's radius, and not offered while the task does not check location.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { renderWithSession, stubFetch } from '../../test/session.tsx';
import { actionTypes, chainedTask } from './test-fixtures.ts';
import { TaskDetailPage } from './task-detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';

function stubTask(task: TaskWithActions) {
  const stub = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === `${WORKFLOW}/v2/tasks/${task.id}`) return Response.json(task);
    if (method === 'PUT' && path === `${WORKFLOW}/v2/tasks/${task.id}/settings`) return Response.json({ ...task, ...(body as object) });
    if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
    if (path === `${WORKFLOW}/v1/tags`) return Response.json([]);
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

describe("a task's GPS accuracy", () => {
  it('saves the accuracy answers need, and empties it back to the sites’ radius', async () => {
    const calls = stubTask(chainedTask());
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5?tab=settings' });
    const input = await screen.findByRole('textbox', { name: 'GPS accuracy needed' });
    await user.type(input, '25');
    await user.click(screen.getByRole('button', { name: 'Save accuracy' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ accuracyThreshold: 25 }));

    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save accuracy' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ accuracyThreshold: null }));
  });

  it('offers nothing to save while the task does not check location', async () => {
    stubTask({ ...chainedTask(), geoRestrictionEnabled: false, accuracyThreshold: 30 });
    renderWithSession(<TaskDetailPage />, { route: '/tasks/5?tab=settings' });
    expect(await screen.findByRole('textbox', { name: 'GPS accuracy needed' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save accuracy' })).not.toBeInTheDocument();
  });
});

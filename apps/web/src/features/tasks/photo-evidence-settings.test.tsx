// The task editor's photo evidence settings: a photo action made camera only is saved with that
// setting, and a task's "Stamp photos" switch is saved on its own from the Settings tab.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { renderWithSession, stubFetch } from '../../test/session.tsx';
import { ActionForm } from './components/actions/action-form.tsx';
import { actionTypes, chainedTask, makeAction } from './test-fixtures.ts';
import { TaskDetailPage } from './task-detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';

function stubServer(task: TaskWithActions) {
  const stub = stubFetch(({ method, path, body }) => {
    if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
    if (path === `${WORKFLOW}/v1/tags`) return Response.json([]);
    if (method === 'POST' && path === `${WORKFLOW}/v1/actions`)
      return Response.json({ ...makeAction(40, 4, 'PHOTO', 'x'), ...(body as object) }, { status: 201 });
    if (method === 'GET' && path === `${WORKFLOW}/v2/tasks/${task.id}`) return Response.json(task);
    if (method === 'PUT' && path === `${WORKFLOW}/v2/tasks/${task.id}/settings`) return Response.json({ ...task, ...(body as object) });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

describe('photo evidence settings', () => {
  it('saves a photo action as camera only', async () => {
    const calls = stubServer(chainedTask());
    const user = userEvent.setup();
    renderWithSession(<ActionForm taskId={5} onSaved={() => undefined} onCancel={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name in English' }), 'Meter photo');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Photo' }));
    await user.click(screen.getByRole('switch', { name: /^Camera only/ }));
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ type: 'PHOTO', settings: { cameraOnly: true } }));
  });

  it('offers camera only for photo actions alone', async () => {
    stubServer(chainedTask());
    const user = userEvent.setup();
    renderWithSession(<ActionForm taskId={5} onSaved={() => undefined} onCancel={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Text' }));
    expect(screen.queryByRole('switch', { name: /^Camera only/ })).not.toBeInTheDocument();
  });

  it("turns a task's photo stamping on from its settings", async () => {
    const task = { ...chainedTask(), stampPhotos: false };
    const calls = stubServer(task);
    const user = userEvent.setup();
    renderWithSession(<TaskDetailPage />, { route: `/tasks/${task.id}?tab=settings` });
    const stamp = await screen.findByRole('switch', { name: /^Stamp photos/ });
    expect(stamp).not.toBeChecked();
    await user.click(stamp);
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ stampPhotos: true }));
    expect(await screen.findByText('Photos of this task will be stamped')).toBeInTheDocument();
  });
});

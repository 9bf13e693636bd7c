import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { makeTask } from './test-fixtures.ts';
import { NewTaskPage } from './new-task-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('new task page', () => {
  it('needs either name, keeps the geofence on by default, and opens the new task', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/services/workflow/api/v1/tags') return list([{ id: 3, nameEn: 'Safety', nameAr: 'السلامة', actionsCount: 0 }]);
      if (method === 'POST' && path === '/services/workflow/api/v1/tasks') return Response.json(makeTask({ id: 77 }), { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithSession(<NewTaskPage />, { route: '/tasks/new' });

    expect(screen.getByRole('switch', { name: /Geofence/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText(MSG.nameEnOrArRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name in Arabic' }), 'جولة المساء');
    expect(screen.queryByText(MSG.nameEnOrArRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'Safety' }));
    await user.click(screen.getByRole('button', { name: 'Create task' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tasks/77'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      nameEn: null,
      nameAr: 'جولة المساء',
      descriptionEn: null,
      descriptionAr: null,
      geoRestrictionEnabled: true,
      tagId: 3,
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { makeTask } from './test-fixtures.ts';
import { TaskTemplatesPage } from './task-templates-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TEMPLATES = '/services/workflow/api/v1/tasks/templates';
const template = (id: number, nameEn: string, library: boolean) => ({
  id,
  nameEn,
  nameAr: null,
  descriptionEn: `${nameEn} description`,
  descriptionAr: null,
  actionsCount: 6,
  library,
  createdDate: '2025-01-05T08:00:00.000Z',
});

describe('task templates page', () => {
  it('marks library and own templates, deletes only own ones, and opens the task made from one', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === TEMPLATES) return list([template(2, 'Night round', false), template(1, 'Store opening audit', true)]);
      if (method === 'POST' && path === `${TEMPLATES}/1/tasks`) return Response.json(makeTask({ id: 88 }), { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithSession(<TaskTemplatesPage />, { route: '/tasks/templates' });

    const own = await screen.findByRole('article', { name: 'Night round' });
    const library = screen.getByRole('article', { name: 'Store opening audit' });
    expect(within(own).getByText('Your template')).toBeInTheDocument();
    expect(within(library).getByText('Library')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'More actions for Night round' })).toBeInTheDocument();
    expect(within(library).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
    expect(calls[0].search.get('size')).toBe('100');
    expect(calls[0].search.get('page')).toBe('0');

    await user.click(within(library).getByRole('button', { name: 'Create from template' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tasks/88'));
    expect(await screen.findByText('Task created from the template. It is yours to change.')).toBeInTheDocument();
  });
});

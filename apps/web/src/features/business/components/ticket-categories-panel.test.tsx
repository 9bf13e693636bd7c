import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { TicketCategoriesPanel } from './ticket-categories-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const HELPDESK = '/services/helpdesk/api/v1';
const categories = [
  { id: 1, nameEn: 'General', nameAr: 'عام' },
  { id: 2, nameEn: 'Bug', nameAr: 'خلل' },
];
const none = { targetType: 'NONE', userId: null, teamId: null, projectId: null };

describe('ticket categories tab', () => {
  it('adds a category after checking both names', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === `${HELPDESK}/ticket-categories`) return Response.json({ id: 3, nameEn: 'Safety', nameAr: 'السلامة' }, { status: 201 });
      if (path === `${HELPDESK}/ticket-categories`) return Response.json(categories);
      if (path === `${HELPDESK}/assignment-config`) return Response.json(none);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<TicketCategoriesPanel />);
    expect(await screen.findByText('خلل')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name in English/ }), '1 Safety');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await within(dialog).findByText(MSG.nameInvalid)).toBeInTheDocument();
    expect(await within(dialog).findByText(MSG.required)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Name in English/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name in English/ }), 'Safety');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name in Arabic/ }), 'السلامة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Category added successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ nameEn: 'Safety', nameAr: 'السلامة' });
  });

  it("shows the server's refusal to delete a category in use", async () => {
    const { fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'DELETE' && path === `${HELPDESK}/ticket-categories/2`) return problem(409, MSG.categoryInUse);
      if (path === `${HELPDESK}/ticket-categories`) return Response.json(categories);
      if (path === `${HELPDESK}/assignment-config`) return Response.json(none);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<TicketCategoriesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Bug' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MSG.categoryInUse)).toBeInTheDocument();
  });

  it('saves the assignment to a site, and requires the site', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'PUT' && path === `${HELPDESK}/assignment-config`) return Response.json({ ...none, targetType: 'SITE', teamId: 5 });
      if (path === `${HELPDESK}/ticket-categories`) return Response.json(categories);
      if (path === `${HELPDESK}/assignment-config`) return Response.json(none);
      if (path === '/api/v1/teams') return list([{ id: 5, name: 'North Gate', projectId: 1, project: { id: 1, name: 'Harbour' } }]);
      if (path === '/api/v1/projects') return list([]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<TicketCategoriesPanel />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Site' }));
    expect(screen.getByText('New tickets without an assignee go to the least busy supervisor of this site.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: /^Site/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'North Gate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ targetType: 'SITE', userId: null, teamId: 5, projectId: null });
  });

  it('shows members the categories and the assignment without ways to change them', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(({ path }) => {
        if (path === `${HELPDESK}/ticket-categories`) return Response.json(categories);
        if (path === `${HELPDESK}/assignment-config`) return Response.json(none);
        return undefined;
      }).fetchMock,
    );
    renderWithSession(<TicketCategoriesPanel />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('General')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for General' })).not.toBeInTheDocument();
    expect(await screen.findByText('New tickets without an assignee stay unassigned until someone assigns them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});

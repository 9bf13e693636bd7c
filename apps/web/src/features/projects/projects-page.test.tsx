import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { ProjectsPage } from './projects-page.tsx';

const project = (id: number, name: string, active = true) => ({
  id,
  name,
  website: null,
  typeId: 1,
  type: { id: 1, nameEn: 'Cleaning', nameAr: 'تنظيف' },
  active,
  rank: null,
  sitesCount: 2,
  membersCount: 3,
});

afterEach(() => vi.unstubAllGlobals());

describe('projects page', () => {
  it('duplicates a project: its settings under a numbered name, which can be changed before creating', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/v1/projects') return Response.json(project(9, 'Downtown 2'), { status: 201 });
      return path === '/api/v1/projects/all/business' ? list([project(1, 'Downtown')], 1) : undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<ProjectsPage />, { route: '/projects' });
    await user.click(await screen.findByRole('button', { name: /More actions for Downtown/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy of Downtown' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Downtown 2');
    await user.click(within(dialog).getByRole('button', { name: /Create/ }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Downtown 2', typeId: 1 });
  });

  it('keeps the active toggle only in local storage under "projects"', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) =>
      path === '/api/v1/projects/all/business' ? list([project(1, 'Downtown'), project(2, 'Harbour', false)], 2) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects' });

    const downtown = await screen.findByRole('switch', { name: 'Active: Downtown' });
    expect(downtown).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: Harbour' })).not.toBeChecked();
    expect(screen.getAllByText('Cleaning').length).toBeGreaterThan(0);

    await userEvent.click(downtown);
    expect(downtown).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem('projects') ?? '{}')).toEqual({ 1: false });
    await userEvent.click(screen.getByRole('switch', { name: 'Active: Harbour' }));
    expect(JSON.parse(localStorage.getItem('projects') ?? '{}')).toEqual({ 1: false, 2: true });
    // Nothing goes to the server.
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(calls[0].search.get('size')).toBe('20');
  });

  it("shows 'No Projects Found!' when there are none", async () => {
    vi.stubGlobal('fetch', stubFetch(() => list([], 0)).fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects' });
    expect(await screen.findByText('No Projects Found!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New Project' }).length).toBeGreaterThan(0);
  });

  it('hides creating, editing and deleting from members', async () => {
    vi.stubGlobal('fetch', stubFetch(() => list([project(1, 'Downtown')], 1)).fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects', session: fakeSession({ role: 'MEMBER' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Downtown' }));
    expect(await screen.findByRole('menuitem', { name: 'Open in new tab' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument();
  });

  it("shows the status's text with retry when the list cannot load", async () => {
    vi.stubGlobal('fetch', stubFetch(() => new Response('', { status: 500 })).fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects' });
    expect(await screen.findByText('Sorry! Something went wrong')).toBeInTheDocument();
    expect(screen.getByText("We're fixing an issue. Try again later.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('validates the name with the shared rule before creating', async () => {
    const { calls, fetchMock } = stubFetch(() => list([], 0));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects?new=1' });
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '9 Towers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText(MSG.nameInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal to delete a project that still has sites", async () => {
    const { fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'DELETE' && path === '/api/v1/projects/1') return problem(409, MSG.projectHasSites);
      if (path === '/api/v1/projects/all/business') return list([project(1, 'Downtown')], 1);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ProjectsPage />, { route: '/projects' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Downtown' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MSG.projectHasSites)).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../test/render.tsx';
import { enqueue } from '../offline/outbox.ts';
import { makeOutboxEntry } from '../../test/outbox.ts';
import { useLogout } from './use-logout.ts';

function LogoutButton({ userId }: { userId?: number }) {
  const logout = useLogout(userId);
  return (
    <button type="button" onClick={() => void logout()}>
      Log me out
    </button>
  );
}

function renderSignedIn(userId?: number) {
  localStorage.setItem('id_token', 'tok');
  localStorage.setItem('apiKey', 'key-2');
  localStorage.setItem('language', 'en');
  localStorage.setItem('dashboardHint', JSON.stringify({ path: '/services/workflow/api/v1/report/business/2/dashboard', zone: 'Asia/Riyadh' }));
  return renderRoutes(
    [
      { path: '/profile', element: <LogoutButton userId={userId} /> },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    { route: '/profile' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('ends the session on the server with its token, then forgets it here', async () => {
    const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderSignedIn();

    await userEvent.click(screen.getByRole('button', { name: 'Log me out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(localStorage.getItem('apiKey')).toBeNull();
    // The next person on this device does not have the dashboard's call asked for them.
    expect(localStorage.getItem('dashboardHint')).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('still forgets the session here when the server cannot be reached or refuses', async () => {
    for (const answer of [() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve(new Response('', { status: 500 }))]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      const view = renderSignedIn();
      await userEvent.click(screen.getByRole('button', { name: 'Log me out' }));
      expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
      expect(localStorage.getItem('id_token')).toBeNull();
      view.unmount();
    }
  });

  it('says how many answers are not yet sent and stays signed in unless the member goes on', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await enqueue([makeOutboxEntry({ userId: 7 }), makeOutboxEntry({ userId: 7, status: 'sent' }), makeOutboxEntry({ userId: 8 })]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderSignedIn(7);

    await userEvent.click(screen.getByRole('button', { name: 'Log me out' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledOnce());
    expect(confirm.mock.calls[0]?.[0]).toMatch(/^Answers not yet sent: 1\./);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('id_token')).toBe('tok');

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Log me out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    confirm.mockRestore();
  });
});

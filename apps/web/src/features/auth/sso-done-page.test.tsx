import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderWithProviders } from '../../test/render.tsx';
import { problem, stubFetch } from '../../test/session.tsx';
import { SsoDonePage, readOutcome } from './sso-done-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The browser arrives from the callback with the outcome in the fragment. */
const arrive = (fragment: string) => window.history.replaceState(null, '', `/login/sso/done#${fragment}`);

describe('single sign-on done page', () => {
  it('reads every outcome, and an unknown one as expired', () => {
    expect(readOutcome('#signedIn=1&to=%2Ftracker')).toEqual({ kind: 'signedIn', to: '/tracker' });
    // A token in the address is never taken: anyone could make such a link to their own account.
    expect(readOutcome('#token=t1')).toEqual({ kind: 'error', message: MSG.ssoSignInExpired });
    expect(readOutcome('#link=k1')).toEqual({ kind: 'link', linkToken: 'k1', to: null });
    expect(readOutcome('#twoFactor=required&challenge=c1')).toEqual({ kind: 'twoFactor', challenge: 'c1', step: 'required', to: null });
    expect(readOutcome('#error=unverified')).toEqual({ kind: 'error', message: MSG.ssoEmailUnverified });
    expect(readOutcome('#error=whatever')).toEqual({ kind: 'error', message: MSG.ssoSignInExpired });
    expect(readOutcome('')).toEqual({ kind: 'error', message: MSG.ssoSignInExpired });
  });

  it('asks to link the account, takes the password, and keeps the session; the fragment leaves the address', async () => {
    let attempts = 0;
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/sso/link/details') return Response.json({ label: 'Acme ID', username: 'nada' });
      if (method === 'POST' && path === '/api/sso/link') {
        attempts += 1;
        if (attempts === 1) {
          return new Response(
            JSON.stringify({ status: 400, message: MSG.ssoPasswordWrong, fieldErrors: [{ field: 'password', message: MSG.ssoPasswordWrong }] }),
            {
              status: 400,
              headers: { 'Content-Type': 'application/problem+json' },
            },
          );
        }
        return Response.json({ id_token: 'the-token' });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    arrive('link=link-key&to=%2Ftracker');
    const user = userEvent.setup();
    renderWithProviders(<SsoDonePage />, { route: '/login/sso/done' });

    expect(await screen.findByText('Link Acme ID to your account nada?')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    const password = screen.getByLabelText(/^Password of nada/);
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText(MSG.ssoPasswordWrong)).toBeInTheDocument();
    expect(window.localStorage.getItem('id_token')).toBeNull();

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(window.localStorage.getItem('id_token')).toBe('the-token'));
    expect(calls.at(-1)?.body).toEqual({ linkToken: 'link-key', password: 'right-password' });
  });

  it("keeps the session a sign-in opened, taken from this browser's cookie", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/sso/session' ? Response.json({ id_token: 'signed-in-token' }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    arrive('signedIn=1');
    renderWithProviders(<SsoDonePage />, { route: '/login/sso/done' });
    await waitFor(() => expect(window.localStorage.getItem('id_token')).toBe('signed-in-token'));
    expect(calls.filter((c) => c.path === '/api/sso/session')).toHaveLength(1);
  });

  it('starts again when no session waits in this browser (a link someone else made)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(({ path }) =>
        path === '/api/sso/session'
          ? new Response(JSON.stringify({ status: 400, message: MSG.ssoSignInExpired }), {
              status: 400,
              headers: { 'Content-Type': 'application/problem+json' },
            })
          : undefined,
      ).fetchMock,
    );
    arrive('signedIn=1');
    renderWithProviders(<SsoDonePage />, { route: '/login/sso/done' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.ssoSignInExpired);
    expect(window.localStorage.getItem('id_token')).toBeNull();
  });

  it('says why a sign-in was refused, and how to start again', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    arrive('error=unverified');
    renderWithProviders(<SsoDonePage />, { route: '/login/sso/done' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.ssoEmailUnverified);
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/login/sso');
  });

  it('sends an expired link back to the start', async () => {
    vi.stubGlobal('fetch', stubFetch(() => problem(404, MSG.ssoLinkExpired)).fetchMock);
    arrive('link=old');
    renderWithProviders(<SsoDonePage />, { route: '/login/sso/done' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.ssoLinkExpired);
  });
});

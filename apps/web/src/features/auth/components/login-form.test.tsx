import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function problem(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, message }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

describe('LoginForm', () => {
  it("says 'Username or Password is missing' without calling the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.usernameOrPasswordMissing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Authentication failed' when a session ended under the user, once, until they sign in", async () => {
    sessionStorage.setItem('signInReason', MSG.authenticationFailed);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(401, MSG.authenticationFailed)),
    );
    const { unmount } = renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.authenticationFailed);
    // A refused attempt replaces it with its own reason.
    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    unmount();
    // The next visit to the page has no reason left.
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Authentication failed' in Arabic too", async () => {
    sessionStorage.setItem('signInReason', MSG.authenticationFailed);
    await i18n.changeLanguage('ar');
    try {
      renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
      expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('messages.authenticationFailed'));
      expect(i18n.t('messages.authenticationFailed')).not.toBe(MSG.authenticationFailed);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows 'Invalid username or password' on a 401 and stays signed out", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(401, MSG.authenticationFailed)),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { route: '/login' });

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('id_token')).toBeNull();
  });

  it.each([
    [MSG.tooManyAttempts, '840', 'You can try again in 14 minutes.'],
    [MSG.accountLocked, '60', 'You can try again in 1 minute.'],
  ])('shows a refused sign-in (429 %s) and the minutes to wait', async (message, retryAfter, wait) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(429, message, { 'Retry-After': retryAfter })),
    );
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(wait);
  });

  it('says the same in Arabic, with the Arabic count of minutes', async () => {
    await i18n.changeLanguage('ar');
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => problem(429, MSG.accountLocked, { 'Retry-After': '120' })),
      );
      renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
      await userEvent.type(screen.getByLabelText('اسم المستخدم أو البريد الإلكتروني'), 'demo');
      await userEvent.type(screen.getByLabelText('كلمة المرور'), 'wrong');
      await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('محاولات تسجيل دخول كثيرة لهذا الحساب من أماكن جديدة');
      expect(alert).toHaveTextContent('دقيقتان');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('stores the token and sends remember me', async () => {
    const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => Response.json({ id_token: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { route: '/login' });

    await userEvent.type(screen.getByLabelText('Username or e-mail'), ' demo ');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('id_token')).toBe('abc');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/authenticate');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'demo', password: 'demo1234', rememberMe: true });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderRoutes } from '../../test/render.tsx';
import { problem, stubFetch } from '../../test/session.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const REQUEST = '/api/v1/account/password-reset';
const FINISH = '/api/v1/account/password-reset/finish';

const pages = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];

function stub(answer: Parameters<typeof stubFetch>[0]) {
  const { calls, fetchMock } = stubFetch(answer);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('forgot password', () => {
  it('is reached from sign-in, and says the same whether or not the address has an account', async () => {
    const calls = stub(({ method, path }) =>
      method === 'POST' && path === REQUEST ? Response.json({ message: MSG.resetLinkSent }, { status: 202 }) : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(pages, { route: '/login' });

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), '  Nada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MSG.resetLinkSent);
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([['POST', REQUEST, { email: 'nada@example.com' }]]);
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before asking, and says when asking failed', async () => {
    const calls = stub(() => problem(429, 'Too many requests. Please wait a moment and try again.'));
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/forgot-password' });

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(MSG.resetLinkSent)).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stub(() => Response.json({ message: MSG.resetLinkSent }, { status: 202 }));
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/forgot-password' });
    expect(await screen.findByRole('heading', { name: 'نسيت كلمة المرور؟' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 'nada@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال الرابط' }));
    expect(await screen.findByRole('status')).toHaveTextContent('رابط اختيار كلمة مرور جديدة');
  });
});

describe('reset password', () => {
  async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
    await user.type(await screen.findByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('sets the new password with the link token, then signs in with a line saying so', async () => {
    const calls = stub(({ method, path }) => (method === 'POST' && path === FINISH ? Response.json({ message: MSG.passwordResetDone }) : undefined));
    const user = userEvent.setup();
    const { router } = renderRoutes(pages, { route: '/reset-password?token=tok-123' });

    await choose(user, 'a-new-secret', 'a-new-secrets');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(MSG.passwordResetDone);
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([['POST', FINISH, { token: 'tok-123', password: 'a-new-secret' }]]);
  });

  it('shows a password the server refuses under its field', async () => {
    stub(
      () =>
        new Response(JSON.stringify({ status: 400, message: 'error.validation', fieldErrors: [{ field: 'password', message: MSG.passwordTooCommon }] }), {
          status: 400,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/reset-password?token=tok-123' });
    await choose(user, 'password123');
    expect(await screen.findByText(MSG.passwordTooCommon)).toBeInTheDocument();
  });

  it('says when the link expired or was used, with a way to ask for a new one', async () => {
    stub(() => problem(400, MSG.resetLinkInvalid));
    const user = userEvent.setup();
    const { router } = renderRoutes(pages, { route: '/reset-password?token=old' });
    await choose(user, 'a-new-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetLinkInvalid);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('says the same at once for a link without its token', async () => {
    const calls = stub(() => undefined);
    renderRoutes(pages, { route: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { stubFetch } from '../../test/session.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

/** A password that is right, for a person who signs in with two factors. */
function stubSecondStep() {
  vi.stubGlobal(
    'fetch',
    stubFetch((call) => (call.path === '/api/authenticate' ? Response.json({ twoFactor: 'required', challenge: 'c-1' }) : undefined)).fetchMock,
  );
}

describe('the sign-in page', () => {
  it('offers single sign-on with the password, and nothing of the password step while the code is asked; back to the password, it is offered again', async () => {
    stubSecondStep();
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login?redirect=%2Ftracker' });
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on' })).toHaveAttribute('href', expect.stringContaining('/login/sso'));
    expect(screen.getByText('or')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username or e-mail'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByLabelText(/6-digit code/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with single sign-on' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    for (const gone of ['Forgot password?', 'Create a business']) expect(screen.queryByRole('link', { name: gone })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Remember me' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('link', { name: 'Sign in with single sign-on' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    stubSecondStep();
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    const sso = i18n.t('login.sso');
    expect(screen.getByRole('link', { name: sso })).toBeInTheDocument();
    await user.type(screen.getByLabelText(i18n.t('login.username')), 'owner');
    await user.type(screen.getByLabelText(i18n.t('login.password')), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: i18n.t('actions.signIn') }));
    expect(await screen.findByRole('heading', { name: i18n.t('login.twoFactor.title') })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: sso })).not.toBeInTheDocument();
  });
});

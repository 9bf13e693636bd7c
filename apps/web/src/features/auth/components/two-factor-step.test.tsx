import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { problem, stubFetch, type StubCall } from '../../../test/session.tsx';
import { LoginForm } from './login-form.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

/** The server: the password answers a second step; `second` answers each code sent. */
function stubServer(second: (call: StubCall) => Response, twoFactor: 'required' | 'enrol' = 'required') {
  const { calls, fetchMock } = stubFetch((call) => {
    if (call.path === '/api/authenticate') return Response.json({ twoFactor, challenge: 'c-1' });
    if (call.path === '/api/authenticate/two-factor/enrolment')
      return Response.json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' });
    if (call.path === '/api/authenticate/two-factor') return second(call);
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username or e-mail'), 'owner');
  await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the second step of a sign-in', () => {
  it('asks for the code (one-time-code autocomplete) and signs in with it', async () => {
    const calls = stubServer(() => Response.json({ id_token: 'tok' }));
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { route: '/login' });
    await signInWithPassword(user);

    const code = await screen.findByLabelText(/6-digit code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(localStorage.getItem('id_token')).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('id_token')).toBe('tok');
    expect(calls.find((c) => c.path === '/api/authenticate/two-factor')?.body).toEqual({ challenge: 'c-1', code: '123456' });
  });

  it('says a wrong or used code, lets the person try a recovery code, and refuses a malformed code without calling', async () => {
    const answers = [problem(401, MSG.twoFactorCodeWrong), problem(401, MSG.twoFactorCodeUsed), Response.json({ id_token: 'tok' })];
    const calls = stubServer(() => answers.shift() ?? problem(500, 'x'));
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { route: '/login' });
    await signInWithPassword(user);

    await user.type(await screen.findByLabelText(/6-digit code/), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.twoFactorCodeInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/authenticate/two-factor')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/6-digit code/));
    await user.type(screen.getByLabelText(/6-digit code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.twoFactorCodeWrong);
    await user.type(screen.getByLabelText(/6-digit code/), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.twoFactorCodeUsed);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/api/authenticate/two-factor').at(-1)?.body).toEqual({ challenge: 'c-1', recoveryCode: 'abcde23456' });
  });

  it.each([MSG.twoFactorTooManyCodes, MSG.twoFactorChallengeExpired])('goes back to the password when the step is over (%s)', async (message) => {
    stubServer(() => problem(401, message));
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText(/6-digit code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText(/6-digit code/)).not.toBeInTheDocument();
  });

  it('sets up an authenticator when a business requires it, and shows the recovery codes before going on', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    stubServer(() => Response.json({ id_token: 'tok', recoveryCodes: codes }), 'enrol');
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { route: '/login' });
    await signInWithPassword(user);

    expect(await screen.findByRole('img', { name: 'QR code to add FieldOps to your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('aaaa0-bbbbb');
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onSignedIn).toHaveBeenCalled();
    expect(localStorage.getItem('id_token')).toBe('tok');
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubServer(() => problem(401, MSG.twoFactorCodeWrong));
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { route: '/login' });
    await user.type(screen.getByLabelText('اسم المستخدم أو البريد الإلكتروني'), 'owner');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await user.type(await screen.findByLabelText(/الرمز المكوّن من 6 أرقام/), '111111');
    await user.click(screen.getByRole('button', { name: 'تحقّق' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('هذا الرمز غير صحيح');
  });
});

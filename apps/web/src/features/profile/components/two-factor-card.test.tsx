import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { TwoFactorStatus } from '@fieldops/shared/two-factor';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await i18n.changeLanguage('en');
});

const BASE = '/api/v1/account/two-factor';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`);

/** A server that keeps the status; `answers` decides each change's answer. */
function stubServer(initial: TwoFactorStatus, answers: Record<string, (body: unknown) => Response> = {}) {
  let status = initial;
  const { calls, fetchMock } = stubFetch(({ method, path, body }) => {
    if (path === BASE && method === 'GET') return Response.json(status);
    const action = path.slice(BASE.length + 1);
    const answer = answers[action];
    if (!answer) return undefined;
    const response = answer(body);
    if (response.ok && action === 'confirm') status = { ...status, enabled: true, recoveryCodesLeft: 10 };
    if (response.ok && action === 'disable') status = { ...status, enabled: false, recoveryCodesLeft: 0 };
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('two-factor sign-in on the profile', () => {
  it('sets up an authenticator: QR code and key, a code to confirm, then the recovery codes once', async () => {
    const calls = stubServer(
      { enabled: false, recoveryCodesLeft: 0, required: false },
      {
        enrolment: () => Response.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' }),
        confirm: (body) => ((body as { code: string }).code === '123456' ? Response.json({ recoveryCodes: CODES }) : problem(400, MSG.twoFactorCodeWrong)),
      },
    );
    const user = userEvent.setup();
    renderWithSession(<TwoFactorCard />);

    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code to add FieldOps to your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/6-digit code/), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.twoFactorCodeWrong);

    await user.clear(screen.getByLabelText(/6-digit code/));
    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    for (const code of CODES) expect(list).toHaveTextContent(code);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor sign-in is on. You have 10 unused recovery codes.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${BASE}/confirm`).map((c) => c.body)).toEqual([{ code: '999999' }, { code: '123456' }]);
  });

  it('makes new recovery codes with a code, and turns off with the password, showing a wrong one under its field', async () => {
    const calls = stubServer(
      { enabled: true, recoveryCodesLeft: 3, required: false },
      {
        'recovery-codes': () => Response.json({ recoveryCodes: CODES }),
        disable: (body) =>
          (body as { password?: string }).password === 'right'
            ? new Response(null, { status: 204 })
            : new Response(
                JSON.stringify({ status: 400, message: MSG.currentPasswordWrong, fieldErrors: [{ field: 'password', message: MSG.currentPasswordWrong }] }),
                { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
              ),
      },
    );
    const user = userEvent.setup();
    renderWithSession(<TwoFactorCard />);

    expect(await screen.findByText('Two-factor sign-in is on. You have 3 unused recovery codes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.type(screen.getByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(CODES[0]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.click(screen.getByRole('button', { name: 'Use your password instead' }));
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${BASE}/disable`).map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('offers no way to turn it off while a business requires it, and says so in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    stubServer({ enabled: true, recoveryCodesLeft: 10, required: true });
    renderWithSession(<TwoFactorCard />);
    expect(await screen.findByText(i18n.t('messages.twoFactorRequiredByBusiness'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'تسجيل الدخول بخطوتين' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إيقاف' })).not.toBeInTheDocument();
  });

  it('says when the status cannot be read, and reads it again', async () => {
    let fail = true;
    const { fetchMock } = stubFetch(({ path }) =>
      path === BASE
        ? fail
          ? problem(503, 'Service unavailable. Check back shortly.')
          : Response.json({ enabled: false, recoveryCodesLeft: 0, required: false })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TwoFactorCard />);
    expect(await screen.findByText('Service unavailable. Check back shortly.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = '/api/v1/account/password';

const fieldProblem = (field: string, message: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, message: MSG.invalid, fieldErrors: [{ field, message }] }), {
    status: 400,
    headers: { 'Content-Type': 'application/problem+json' },
  });

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText(/^Current password/), current);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  if (confirm) await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe('change password form', () => {
  it('checks the fields before calling the server: required, too short, only spaces, mismatch', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ChangePasswordForm />);

    const user = await fill('', '', '');
    expect(field(/^Current password/)).toHaveAccessibleDescription(MSG.required);
    expect(field(/^New password/)).toHaveAccessibleDescription(expect.stringContaining(MSG.passwordTooShort));

    await user.type(field(/^Current password/), 'old-secret');
    await user.type(field(/^New password/), '          ');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordBlank)).toBeInTheDocument();

    await user.clear(field(/^New password/));
    await user.type(field(/^New password/), 'brand-new-pass');
    await user.type(field(/^Confirm new password/), 'brand-new-pasz');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal under its field", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) =>
      method === 'PUT' && path === PASSWORD ? fieldProblem('currentPassword', MSG.currentPasswordWrong) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    renderWithSession(<ChangePasswordForm onChanged={onChanged} />);

    await fill('wrong-old', 'brand-new-pass', 'brand-new-pass');
    await vi.waitFor(() => expect(field(/^Current password/)).toHaveAccessibleDescription(MSG.currentPasswordWrong));
    expect(onChanged).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('shows a common password refused by the server on the new password, translated', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n.ts');
    await i18n.changeLanguage('ar');
    try {
      vi.stubGlobal('fetch', stubFetch(({ method }) => (method === 'PUT' ? fieldProblem('body.newPassword', MSG.passwordTooCommon) : undefined)).fetchMock);
      renderWithSession(<ChangePasswordForm />);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^كلمة المرور الحالية/), 'old-secret');
      await user.type(screen.getByLabelText(/^كلمة المرور الجديدة/), 'password123');
      await user.type(screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/), 'password123');
      await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
      expect(await screen.findByText('كلمة المرور هذه شائعة جدًا. اختر كلمة يصعب تخمينها')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sends the current and new password, says so and empties the form', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => (method === 'PUT' && path === PASSWORD ? new Response(null, { status: 204 }) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    renderWithSession(<ChangePasswordForm onChanged={onChanged} />);

    await fill('old-secret', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledOnce();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'brand-new-pass' });
    expect(field(/^Current password/)).toHaveValue('');
    expect(field(/^New password/)).toHaveValue('');
  });
});

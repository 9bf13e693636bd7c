import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { ProfileForm } from './profile-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function chooseAvatar(file: File) {
  // The picker offers images only; a person can still pick any file ("All files").
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  return user;
}

describe('profile form', () => {
  it.each([
    ['a PDF', new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })],
    ['a text file renamed .png', new File(['just words'], 'me.png', { type: 'image/png' })],
  ])('says %s is not an image, and saves nothing nor says it saved until another is chosen', async (_, file) => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ProfileForm />);

    const user = await chooseAvatar(file);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.notAnImage);
    expect(screen.queryByText(MSG.invalidFile)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.queryByText('User updated successfully')).not.toBeInTheDocument();

    // Removing the refused file lets the rest of the profile be saved.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a real picture, whatever its name', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    renderWithSession(<ProfileForm />);
    await chooseAvatar(new File([PNG], 'photo', { type: '' }));
    expect(await screen.findByText('photo')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

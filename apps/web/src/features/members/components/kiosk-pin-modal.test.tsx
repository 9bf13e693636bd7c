import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { fakeMember, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { KioskPinModal } from './kiosk-pin-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const member = fakeMember({ userId: 9, fullName: 'Nada Salem', username: 'nada', email: 'nada@example.com', authority: 'MEMBER' });

describe('set kiosk PIN', () => {
  it('takes 4 to 6 digits and saves them for the member', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) =>
      method === 'PUT' && path === '/api/v1/users/9/kiosk-pin' ? new Response(null, { status: 204 }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<KioskPinModal member={member} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Set kiosk PIN' });
    const pin = within(dialog).getByRole('textbox', { name: 'PIN' });
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText('PIN must be 4 to 6 digits')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(pin, '3456');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ pin: '123456' });
  });
});

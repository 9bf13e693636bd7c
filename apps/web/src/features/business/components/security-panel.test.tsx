import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { SecurityPanel } from './security-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('the business security settings', () => {
  it('shows the saved settings, refuses days out of range without calling, and saves', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path, body }) => {
      if (path !== '/api/v1/business/security') return undefined;
      return method === 'PUT' ? Response.json(body) : Response.json({ requireTwoFactor: false, auditRetentionDays: 365 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<SecurityPanel />);

    const require = await screen.findByRole('switch', { name: /Require two-factor sign-in for owners and administrators/ });
    expect(require).not.toBeChecked();
    const days = screen.getByRole('textbox', { name: /Keep the audit log for/ });
    expect(days).toHaveValue('365');

    await user.click(require);
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This must be at least 30')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.securitySaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ requireTwoFactor: true, auditRetentionDays: 90 });
  });
});

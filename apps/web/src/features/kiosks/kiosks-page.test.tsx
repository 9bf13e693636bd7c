import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Kiosk } from '@fieldops/shared/kiosks';
import type { SessionSite } from '../../lib/session/types.ts';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { KiosksPage } from './kiosks-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const kiosk: Kiosk = {
  id: 3,
  name: 'Front desk tablet',
  teamId: 12,
  siteName: 'Riyadh Mall',
  state: 'ENROLLED',
  createdAt: '2026-11-20T09:00:00Z',
  codeExpiresAt: null,
  enrolledAt: '2026-11-20T10:00:00Z',
  revokedAt: null,
  lastSeenAt: '2026-11-28T08:00:00Z',
  lastSignIn: { userId: 9, name: 'Nada Salem', at: '2026-11-28T07:55:00Z' },
};

const site = { id: 12, name: 'Riyadh Mall' } as SessionSite;

describe('kiosks page', () => {
  it('lists the kiosks with their state and last sign-in', async () => {
    const { fetchMock } = stubFetch(({ path }) => (path === '/api/v1/kiosks' ? list([kiosk]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<KiosksPage />);
    const row = (await screen.findByText('Front desk tablet')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('In use')).toBeInTheDocument();
    expect(within(row).getByText('Nada Salem')).toBeInTheDocument();
  });

  it('shows a new kiosk’s enrolment code once, with its link', async () => {
    const created = {
      kiosk: { ...kiosk, id: 4, name: 'Gate tablet', state: 'PENDING', codeExpiresAt: '2026-11-29T09:00:00Z', lastSignIn: null },
      enrolmentCode: 'ABCD2345EF',
    };
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/kiosks') return list([]);
      if (method === 'POST' && path === '/api/v1/kiosks') return Response.json(created, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const session = { ...fakeSession(), sites: [site] };
    renderWithSession(<KiosksPage />, { session });

    await user.click((await screen.findAllByRole('button', { name: 'New kiosk' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New kiosk' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'Riyadh Mall' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Gate tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Make kiosk' }));

    const codeDialog = await screen.findByRole('dialog', { name: 'Enrolment code' });
    expect(within(codeDialog).getByTestId('enrolment-code')).toHaveTextContent('ABCD2345EF');
    expect(within(codeDialog).getByRole('textbox', { name: 'Enrolment link' })).toHaveValue('http://localhost:3000/kiosk/enrol?code=ABCD2345EF');
    expect(within(codeDialog).getByText(/works once, for 24 hours/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ teamId: 12, name: 'Gate tablet' });

    await user.click(within(codeDialog).getByRole('button', { name: 'Done' }));
    await user.click((await screen.findAllByRole('button', { name: 'New kiosk' }))[0]);
    const again = await screen.findByRole('dialog', { name: 'New kiosk' });
    expect(within(again).queryByText('ABCD2345EF')).not.toBeInTheDocument();
  });

  it('asks before revoking a kiosk', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/kiosks') return list([kiosk]);
      if (method === 'DELETE' && path === '/api/v1/kiosks/3') return new Response(null, { status: 204 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<KiosksPage />);

    await user.click(await screen.findByRole('button', { name: 'Revoke Front desk tablet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this kiosk?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/kiosks/3')).toBe(true));
  });

  it('is for owners and administrators only', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<KiosksPage />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Only owners and administrators see this page.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderWithProviders } from '../../test/render.tsx';
import { problem, stubFetch } from '../../test/session.tsx';
import { ActivatePage } from './activate-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const detail = { username: 'nada', email: 'nada@example.com', fullName: 'Nada Saleh', businessName: 'Acme Services', activated: false };

describe('activate page', () => {
  it('reads the key without activating, and activates only by POST', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/activation-detail') return Response.json(detail);
      if (method === 'POST' && path === '/api/v1/activate') return Response.json({ activated: true, username: 'nada' });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ActivatePage />, { route: '/activate?key=abc123' });

    await user.type(await screen.findByLabelText(/^Password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm password/), 'my-own-secret');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/activation-detail']);
    await user.click(screen.getByRole('button', { name: 'Activate account' }));

    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/activation-detail', 'POST /api/v1/activate']);
    expect(calls[1].body).toEqual({ key: 'abc123', name: 'Nada Saleh', password: 'my-own-secret' });
  });

  it('says when the key has expired, whether on reading it or on activating', async () => {
    vi.stubGlobal('fetch', stubFetch(() => problem(400, MSG.activationKeyExpired)).fetchMock);
    const first = renderWithProviders(<ActivatePage />, { route: '/activate?key=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.activationKeyExpired);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', stubFetch(({ method }) => (method === 'GET' ? Response.json(detail) : problem(400, MSG.activationKeyExpired))).fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ActivatePage />, { route: '/activate?key=old' });
    await user.type(await screen.findByLabelText(/^Password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm password/), 'my-own-secret');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.activationKeyExpired);
  });
});

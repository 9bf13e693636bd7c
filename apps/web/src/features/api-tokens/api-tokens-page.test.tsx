import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ApiToken, CreatedApiToken } from '@fieldops/shared/api-tokens';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { ApiTokensPage } from './api-tokens-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const token: ApiToken = {
  id: 3,
  name: 'Payroll export',
  prefix: 'fo_Ab12Cd34',
  scopes: { reports: 'read', organisation: 'write' },
  state: 'ACTIVE',
  createdAt: '2026-11-20T09:00:00Z',
  createdBy: { id: 1, name: 'Nada Salem' },
  expiresAt: '2027-02-18T09:00:00Z',
  lastUsedAt: '2026-11-28T08:00:00Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
};
const secret = `fo_${'x'.repeat(43)}`;

describe('API tokens page', () => {
  it('lists the tokens with their first characters, areas, last use and state, never a whole token', async () => {
    const revoked: ApiToken = { ...token, id: 2, name: 'Old sync', state: 'REVOKED', revokedAt: '2026-11-25T10:00:00Z', lastUsedAt: null, lastUsedIp: null };
    const { fetchMock } = stubFetch(({ path }) => (path === '/api/v1/api-tokens' ? list([token, revoked]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ApiTokensPage />);
    const row = (await screen.findByText('Payroll export')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('fo_Ab12Cd34…')).toBeInTheDocument();
    expect(within(row).getByText('Organisation: Read and write')).toBeInTheDocument();
    expect(within(row).getByText('Reports: Read')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const old = screen.getByText('Old sync').closest('tr');
    if (!old) throw new Error('no row');
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText('Not used yet')).toBeInTheDocument();
    // A revoked token has nothing left to revoke.
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says when there is none yet, and offers to make one', async () => {
    const { fetchMock } = stubFetch(({ path }) => (path === '/api/v1/api-tokens' ? list([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ApiTokensPage />);
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New token' }).length).toBeGreaterThan(0);
  });

  it('shows an error with a way to try again when the list cannot be read', async () => {
    const { fetchMock } = stubFetch(({ path }) => (path === '/api/v1/api-tokens' ? new Response(null, { status: 503 }) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ApiTokensPage />);
    expect(await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks for at least one area, then makes the token and shows it once, with a copy button', async () => {
    const created: CreatedApiToken = {
      apiToken: { ...token, id: 4, name: 'Ticket bot', scopes: { helpdesk: 'write' }, lastUsedAt: null, lastUsedIp: null },
      token: secret,
    };
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/api-tokens') return list([]);
      if (method === 'POST' && path === '/api/v1/api-tokens') return Response.json(created, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<ApiTokensPage />);

    await user.click((await screen.findAllByRole('button', { name: 'New token' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ticket bot');
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));
    expect(await within(dialog).findByText(MSG.apiTokenScopesRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const helpdesk = within(dialog).getByRole('radiogroup', { name: /Helpdesk/ });
    await user.click(within(helpdesk).getByRole('radio', { name: 'Read and write' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(within(shown).getByTestId('api-token-value')).toHaveTextContent(secret);
    expect(within(shown).getByText(/You won't see this token again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Ticket bot', scopes: { helpdesk: 'write' }, expiresInDays: 30 });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await user.click((await screen.findAllByRole('button', { name: 'New token' }))[0]);
    const again = await screen.findByRole('dialog', { name: 'New API token' });
    expect(within(again).queryByText(secret)).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the form", async () => {
    const { fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/api-tokens') return list([token]);
      if (method === 'POST' && path === '/api/v1/api-tokens')
        return Response.json(
          { type: 'about:blank', title: 'Conflict', status: 409, message: MSG.apiTokenLimit },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<ApiTokensPage />);
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'One too many');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: /Tasks/ })).getByRole('radio', { name: 'Read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));
    expect(await within(dialog).findByText(MSG.apiTokenLimit)).toBeInTheDocument();
  });

  it('asks before revoking a token', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/api-tokens') return list([token]);
      if (method === 'DELETE' && path === '/api/v1/api-tokens/3') return new Response(null, { status: 204 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<ApiTokensPage />);

    await user.click(await screen.findByRole('button', { name: 'Revoke Payroll export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/api-tokens/3')).toBe(true));
  });

  it('is for owners and administrators only', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<ApiTokensPage />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Only owners and administrators see this page.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

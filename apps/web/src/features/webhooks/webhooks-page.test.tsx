import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { WebhookDelivery, WebhookEndpoint } from '@fieldops/shared/webhooks';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const endpoint: WebhookEndpoint = {
  id: 5,
  url: 'https://hooks.example.com/fieldops',
  description: 'Orders system',
  eventKinds: ['ticket.created', 'schedule.missed'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
};
const gone: WebhookEndpoint = {
  ...endpoint,
  id: 6,
  url: 'https://old.example.com/hook',
  enabled: false,
  disabledReason: 'gone',
  disabledAt: '2026-11-28T09:00:00Z',
};

const delivery: WebhookDelivery = {
  id: 40,
  endpointId: 5,
  eventId: 900,
  messageId: 'msg_abc',
  eventType: 'ticket.created',
  status: 'failed',
  attempts: 2,
  responseStatus: 500,
  responseBody: 'Internal error at receiver',
  durationMs: 120,
  lastAttemptAt: '2026-11-28T10:00:00Z',
  nextAttemptAt: null,
  createdAt: '2026-11-28T09:59:00Z',
  payload: {},
  attemptLog: [],
};

describe('webhooks page', () => {
  it('lists the endpoints with their state, why one is off, and their events by name', async () => {
    const { fetchMock } = stubFetch(({ path }) => (path === '/api/v1/webhooks' ? list([endpoint, gone]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<WebhooksPage />);
    const cards = await screen.findAllByTestId('webhook-card');
    expect(within(cards[0]!).getByText('https://hooks.example.com/fieldops')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('On')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Ticket created')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Schedule missed')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Off')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/the address answered that it is gone \(410\)/)).toBeInTheDocument();
  });

  it('shows an empty state, and refuses a form without events before calling the server', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => (path === '/api/v1/webhooks' ? list([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<WebhooksPage />);
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New webhook' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText('Enter an http:// or https:// address')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('registers a webhook and shows its secret with a copy button', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/webhooks') return list([]);
      if (method === 'POST' && path === '/api/v1/webhooks') return Response.json({ endpoint, secret: 'whsec_c2VjcmV0' }, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<WebhooksPage />);
    await user.click((await screen.findAllByRole('button', { name: 'New webhook' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'https://hooks.example.com/fieldops');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ticket created' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Schedule missed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Webhook created' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/fieldops',
      description: '',
      eventKinds: ['ticket.created', 'schedule.missed'],
    });
  });

  it('shows the delivery log and sends a delivery again', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/webhooks') return list([endpoint]);
      if (method === 'GET' && path === '/api/v1/webhooks/5/deliveries') return list([delivery]);
      if (method === 'POST' && path === '/api/v1/webhooks/5/deliveries/40/resend') return Response.json({ ...delivery, status: 'pending' }, { status: 202 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for https://hooks.example.com/fieldops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries to https://hooks.example.com/fieldops' });
    const row = await within(log).findByTestId('webhook-delivery');
    expect(within(row).getByText('Ticket created')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('Internal error at receiver')).toBeInTheDocument();
    expect(within(row).getByText('120 ms')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/v1/webhooks/5/deliveries/40/resend')).toBe(true));
  });

  it('asks before deleting a webhook', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/webhooks') return list([endpoint]);
      if (method === 'DELETE' && path === '/api/v1/webhooks/5') return new Response(null, { status: 204 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for https://hooks.example.com/fieldops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/webhooks/5')).toBe(true));
  });

  it('is for owners and administrators only', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<WebhooksPage />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Only owners and administrators see this page.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

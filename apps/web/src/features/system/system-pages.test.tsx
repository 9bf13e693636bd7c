import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { FailedJob, OutboxMessage } from '@fieldops/shared/notifications';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { FailedJobsPage } from './failed-jobs-page.tsx';
import { MailOutboxPage } from './mail-outbox-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const message: OutboxMessage = {
  id: 5,
  to: 'nada@example.com',
  subject: 'Choose a new password',
  kind: 'passwordReset',
  language: 'en',
  status: 'kept',
  createdAt: '2026-11-20T09:00:00Z',
  sentAt: null,
  lastError: null,
};

const job: FailedJob = {
  id: 'a1b2',
  name: 'mail.send',
  summary: 'E-mail to nada@example.com',
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  attempts: 8,
  failedAt: '2026-11-20T10:00:00Z',
};

describe('e-mail outbox', () => {
  it('lists the e-mails and shows one in a sandboxed frame, with its plain text', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => {
      if (path === '/api/v1/mail/outbox') return list([message], 41);
      if (path === '/api/v1/mail/outbox/5') return Response.json({ html: '<p>Hello <script>alert(1)</script></p>', text: 'Hello, plain' });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<MailOutboxPage />, { route: '/settings/outbox?page=2' });

    const row = (await screen.findByRole('button', { name: 'Choose a new password' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Kept (no mail server)')).toBeInTheDocument();
    expect(within(row).getByText('nada@example.com')).toBeInTheDocument();
    expect(screen.getByText('21–40 of 41')).toBeInTheDocument();
    expect(calls[0].search.toString()).toBe('page=1&size=20');

    await user.click(within(row).getByRole('button', { name: 'Choose a new password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });
    const frame = await within(dialog).findByTitle('The e-mail “Choose a new password” as formatted');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hello <script>alert(1)</script></p>');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByText('Hello, plain')).toBeInTheDocument();
  });

  it('is for owners and administrators only', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<MailOutboxPage />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Only owners and administrators see this page.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('failed jobs', () => {
  it('says what, why, when and how many tries, and runs one again', async () => {
    let jobs = [job];
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/jobs/failed') return Response.json(jobs);
      if (method === 'POST' && path === '/api/v1/jobs/a1b2/retry') {
        jobs = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<FailedJobsPage />);

    const row = (await screen.findByRole('rowheader', { name: /E-mail to nada@example.com/ })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(within(row).getByText('8')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Retry E-mail to nada@example.com' }));
    expect(await screen.findByText(MSG.jobRetried)).toBeInTheDocument();
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/v1/jobs/a1b2/retry']);
  });
});

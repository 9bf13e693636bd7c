import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@fieldops/shared/audit-log';
import { i18n } from '../../lib/i18n/i18n.ts';
import { fakeSession, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const LOG = '/api/v1/audit-log';

const entry = (id: number, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-28T09:15:00Z',
  kind: 'member.role_changed',
  actor: { id: 1, name: 'Sara Ahmed' },
  target: { type: 'member', id: 7, name: 'Omar Ali' },
  before: { role: 'MEMBER' },
  after: { role: 'ADMIN' },
  data: {},
  ip: '203.0.113.9',
  client: 'Mozilla/5.0 (Test)',
  ...fields,
});

const page = (items: AuditEntry[], nextBefore: number | null = null) => Response.json({ items, nextBefore });

describe('audit log page', () => {
  it('tells each change as a sentence, with what changed, the address and the client on request', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page([entry(5)]) : undefined)).fetchMock);
    const user = userEvent.setup();
    renderWithSession(<AuditLogPage />);
    const item = (await screen.findByText("Sara Ahmed changed Omar Ali's role from Member to Admin")).closest('li');
    if (!item) throw new Error('no entry');
    const toggle = within(item).getByRole('button', { name: /Details of: Sara Ahmed changed/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The details open with a transition: wait for them rather than catch them mid-way.
    const row = (await within(item).findByRole('rowheader', { name: 'role' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('MEMBER')).toBeInTheDocument();
    expect(within(row).getByText('ADMIN')).toBeInTheDocument();
    expect(within(item).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(item).getByText('Mozilla/5.0 (Test)')).toBeInTheDocument();
  });

  it('tells a kind it does not know from what the entry holds', async () => {
    const unknown = entry(6, {
      kind: 'webhook.endpoint_paused',
      target: { type: 'webhook', id: 3, name: 'Billing hook' },
      before: { active: true },
      after: { active: false },
    });
    const noName = entry(7, { kind: 'token.created', actor: { id: null, name: null }, target: null, before: null, after: null });
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page([unknown, noName]) : undefined)).fetchMock);
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText('Sara Ahmed: webhook.endpoint_paused — Billing hook')).toBeInTheDocument();
    expect(screen.getByText('Someone: token.created')).toBeInTheDocument();
  });

  it("tells a change to a task's actions and sections by the part and how it changed, in English and Arabic", async () => {
    const task = { type: 'task', id: 12, name: 'Night round' };
    const changes = [
      entry(20, {
        kind: 'task.updated',
        target: task,
        data: { part: { type: 'action', id: 40, name: 'Gate', change: 'added' } },
        before: null,
        after: { nameEn: 'Gate', type: 'YES_NO', position: 4 },
      }),
      entry(21, {
        kind: 'task.updated',
        target: task,
        data: { part: { type: 'action', id: null, name: null, change: 'moved' } },
        before: { Alarm: 3 },
        after: { Alarm: 1 },
      }),
      entry(22, {
        kind: 'task.updated',
        target: task,
        data: { part: { type: 'section', id: 9, name: null, change: 'removed' } },
        before: { position: 2 },
        after: null,
      }),
      entry(23, { kind: 'task.updated', target: task, data: { part: { type: 'action', id: 41, name: 'Lights', change: 'renamed_twice' } } }),
    ];
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page(changes) : undefined)).fetchMock);
    const user = userEvent.setup();
    const { unmount } = renderWithSession(<AuditLogPage />);
    const added = (await screen.findByText('Sara Ahmed added the action “Gate” to the task Night round')).closest('li');
    if (!added) throw new Error('no entry');
    expect(screen.getByText('Sara Ahmed reordered the actions of the task Night round')).toBeInTheDocument();
    expect(screen.getByText('Sara Ahmed deleted the section “#9” from the task Night round')).toBeInTheDocument();
    // A change this page has no words for yet is still told as a change of the task.
    expect(screen.getByText('Sara Ahmed changed the task Night round')).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: /Details of: Sara Ahmed added/ }));
    const position = (await within(added).findByRole('rowheader', { name: 'position' })).closest('tr');
    if (!position) throw new Error('no row');
    expect(within(position).getByText('4')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText('أضاف Sara Ahmed الإجراء «Gate» إلى المهمة Night round')).toBeInTheDocument();
    expect(screen.getByText('أعاد Sara Ahmed ترتيب إجراءات المهمة Night round')).toBeInTheDocument();
    expect(screen.getByText('حذف Sara Ahmed القسم «#9» من المهمة Night round')).toBeInTheDocument();
  });

  it('tells how each export left: a download, a print, an e-mail or a shared link, in English and Arabic', async () => {
    const exported = (id: number, after: Record<string, unknown>, fields: Partial<AuditEntry> = {}) =>
      entry(id, { kind: 'export.created', target: { type: 'export', id: null, name: null }, before: null, after, ...fields });
    const exports = [
      exported(30, { what: 'import_result', format: 'xlsx', rows: 8 }, { target: { type: 'import', id: 4, name: 'members.csv' } }),
      exported(31, { what: 'reports.answers', format: 'print', rows: 2 }),
      exported(32, { what: 'inspection_report', format: 'pdf', via: 'mail', to: ['client@example.com', 'boss@example.com'] }),
      exported(33, { what: 'inspection_report', format: 'pdf', via: 'shared_link' }, { actor: { id: null, name: null } }),
    ];
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page(exports) : undefined)).fetchMock);
    const { unmount } = renderWithSession(<AuditLogPage />);
    expect(await screen.findByText("Sara Ahmed exported an import's results (XLSX)")).toBeInTheDocument();
    expect(screen.getByText('Sara Ahmed printed the answers report')).toBeInTheDocument();
    expect(screen.getByText('Sara Ahmed e-mailed an inspection report (PDF) to client@example.com, boss@example.com')).toBeInTheDocument();
    expect(screen.getByText('Someone downloaded an inspection report (PDF) through a shared link')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText('صدّر Sara Ahmed نتائج استيراد (XLSX)')).toBeInTheDocument();
    expect(screen.getByText('طبع Sara Ahmed تقرير الإجابات')).toBeInTheDocument();
    expect(screen.getByText('أرسل Sara Ahmed تقرير فحص (PDF) بالبريد الإلكتروني إلى client@example.com، boss@example.com')).toBeInTheDocument();
    expect(screen.getByText('نزّل شخص ما تقرير فحص (PDF) عبر رابط مشاركة')).toBeInTheDocument();
  });

  it('filters by area and reads older entries with Load more', async () => {
    const { calls, fetchMock } = stubFetch(({ path, search }) => {
      if (path !== LOG) return undefined;
      if (search.get('before') === '5')
        return page([
          entry(4, { kind: 'project.created', target: { type: 'project', id: 2, name: 'Harbour Mall' }, before: null, after: { name: 'Harbour Mall' } }),
        ]);
      return page([entry(5)], 5);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<AuditLogPage />);
    await screen.findByText(/changed Omar Ali's role/);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sara Ahmed created the project Harbour Mall')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Area' }));
    await user.click(await screen.findByRole('option', { name: 'Members' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === LOG && call.search.get('kind') === 'member')).toBe(true));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await vi.waitFor(() => expect(calls.some((call) => call.search.get('from') === '2026-11-01' && call.search.get('kind') === 'member')).toBe(true));
  });

  it('shows the empty and the error states', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page([]) : undefined)).fetchMock);
    const { unmount } = renderWithSession(<AuditLogPage />);
    expect(await screen.findByText('Nothing recorded here')).toBeInTheDocument();
    unmount();
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? problem(500, 'Something went wrong') : undefined)).fetchMock);
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => {
      if (path === LOG) return page([entry(5)]);
      if (path === `${LOG}/export`)
        return new Response('id,at\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log.csv"' } });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    const user = userEvent.setup();
    renderWithSession(<AuditLogPage />);
    await screen.findByText(/changed Omar Ali's role/);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls.some((call) => call.path === `${LOG}/export`)).toBe(true);
    saved.mockRestore();
  });

  it('is for owners and administrators alone', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<AuditLogPage />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Only owners and administrators see the audit log.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === LOG)).toBe(false);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page([entry(5)]) : undefined)).fetchMock);
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText('غيّر Sara Ahmed دور Omar Ali من عضو إلى مشرف عام')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجل التدقيق' })).toBeInTheDocument();
  });
});

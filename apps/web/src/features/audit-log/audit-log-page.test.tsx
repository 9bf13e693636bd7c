import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import type { AuditEntry } from '@fieldops/shared/audit-log';
import { i18n } from '../../lib/i18n/i18n.ts';
import { fakeSession, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

afterEach(async () => {
  vi.useRealTimers();
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

/** A name as the sentences show it: isolated from their direction (describe-entry.test.ts). */
const n = (name: string) => `\u2068${name}\u2069`;

const page = (items: AuditEntry[], nextBefore: number | null = null) => Response.json({ items, nextBefore });

describe('audit log page', () => {
  it('tells each change as a sentence, with what changed, the address and the client on request', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LOG ? page([entry(5)]) : undefined)).fetchMock);
    const user = userEvent.setup();
    renderWithSession(<AuditLogPage />);
    const item = (await screen.findByText(`${n('Sara Ahmed')} changed ${n('Omar Ali')}'s role from Member to Admin`)).closest('li');
    if (!item) throw new Error('no entry');
    const toggle = within(item).getByRole('button', { name: /Details of: \u2068Sara Ahmed\u2069 changed/ });
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
    expect(await screen.findByText(`${n('Sara Ahmed')}: ${n('webhook.endpoint_paused')} — ${n('Billing hook')}`)).toBeInTheDocument();
    expect(screen.getByText(`Someone: ${n('token.created')}`)).toBeInTheDocument();
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
    const added = (await screen.findByText(`${n('Sara Ahmed')} added the action “${n('Gate')}” to the task ${n('Night round')}`)).closest('li');
    if (!added) throw new Error('no entry');
    expect(screen.getByText(`${n('Sara Ahmed')} reordered the actions of the task ${n('Night round')}`)).toBeInTheDocument();
    expect(screen.getByText(`${n('Sara Ahmed')} deleted the section “${n('#9')}” from the task ${n('Night round')}`)).toBeInTheDocument();
    // A change this page has no words for yet is still told as a change of the task.
    expect(screen.getByText(`${n('Sara Ahmed')} changed the task ${n('Night round')}`)).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: /Details of: \u2068Sara Ahmed\u2069 added/ }));
    const position = (await within(added).findByRole('rowheader', { name: 'position' })).closest('tr');
    if (!position) throw new Error('no row');
    expect(within(position).getByText('4')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText(`أضاف ${n('Sara Ahmed')} الإجراء «${n('Gate')}» إلى المهمة ${n('Night round')}`)).toBeInTheDocument();
    expect(screen.getByText(`أعاد ${n('Sara Ahmed')} ترتيب إجراءات المهمة ${n('Night round')}`)).toBeInTheDocument();
    expect(screen.getByText(`حذف ${n('Sara Ahmed')} القسم «${n('#9')}» من المهمة ${n('Night round')}`)).toBeInTheDocument();
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
    expect(await screen.findByText(`${n('Sara Ahmed')} exported an import's results (XLSX)`)).toBeInTheDocument();
    expect(screen.getByText(`${n('Sara Ahmed')} printed the answers report`)).toBeInTheDocument();
    expect(
      screen.getByText(`${n('Sara Ahmed')} e-mailed an inspection report (PDF) to ${n('client@example.com')}, ${n('boss@example.com')}`),
    ).toBeInTheDocument();
    expect(screen.getByText('Someone downloaded an inspection report (PDF) through a shared link')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<AuditLogPage />);
    expect(await screen.findByText(`صدّر ${n('Sara Ahmed')} نتائج استيراد (XLSX)`)).toBeInTheDocument();
    expect(screen.getByText(`طبع ${n('Sara Ahmed')} تقرير الإجابات`)).toBeInTheDocument();
    expect(
      screen.getByText(`أرسل ${n('Sara Ahmed')} تقرير فحص (PDF) بالبريد الإلكتروني إلى ${n('client@example.com')}، ${n('boss@example.com')}`),
    ).toBeInTheDocument();
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
    await screen.findByText(/changed \u2068Omar Ali\u2069's role/);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`${n('Sara Ahmed')} created the project ${n('Harbour Mall')}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Area' }));
    await user.click(await screen.findByRole('option', { name: 'Members' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === LOG && call.search.get('kind') === 'member')).toBe(true));
  });

  it('filters by dates picked in the date fields, each cleared on its own, in English and Arabic', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => (path === LOG ? page([entry(5)]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const read = (from: string | null, to: string | null) =>
      vi.waitFor(() => expect(calls.some((call) => call.path === LOG && call.search.get('from') === from && call.search.get('to') === to)).toBe(true));
    // A day whose month's calendar also shows the day before its first (a month that starts on a
    // Monday shows none): the fields open at today's month, whatever today is.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T10:00:00Z'));
    // The first of this month: never after today, the latest date either field offers.
    const first = dayjs().startOf('month');
    const { unmount } = renderWithSession(<AuditLogPage />);
    await screen.findByText(/changed \u2068Omar Ali\u2069's role/);
    const from = screen.getByRole('button', { name: 'From' });
    expect(from).toHaveTextContent('Any date');
    await user.click(from);
    // The calendar's arrows are named (the app's default for every date field).
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    await user.click(await screen.findByLabelText(first.format('D MMMM YYYY')));
    expect(from).toHaveTextContent(first.format('D MMMM YYYY'));
    await read(first.format('YYYY-MM-DD'), null);
    await user.click(screen.getByRole('button', { name: 'To' }));
    // The range cannot end before it starts.
    expect(await screen.findByLabelText(first.subtract(1, 'day').format('D MMMM YYYY'))).toBeDisabled();
    await user.click(screen.getByLabelText(first.format('D MMMM YYYY')));
    await read(first.format('YYYY-MM-DD'), first.format('YYYY-MM-DD'));
    await user.click(screen.getByRole('button', { name: 'Clear the start date' }));
    expect(from).toHaveTextContent('Any date');
    await read(null, first.format('YYYY-MM-DD'));
    unmount();

    await i18n.changeLanguage('ar');
    renderWithSession(<AuditLogPage />);
    const arabicFrom = await screen.findByRole('button', { name: 'من تاريخ' });
    expect(arabicFrom).toHaveTextContent('أي تاريخ');
    await user.click(arabicFrom);
    expect(await screen.findByRole('button', { name: 'الشهر التالي' })).toBeInTheDocument();
    await user.click(await screen.findByLabelText(first.locale('ar').format('D MMMM YYYY')));
    expect(arabicFrom).toHaveTextContent(first.locale('ar').format('D MMMM YYYY'));
    await user.click(screen.getByRole('button', { name: 'مسح تاريخ البداية' }));
    expect(arabicFrom).toHaveTextContent('أي تاريخ');
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
    await screen.findByText(/changed \u2068Omar Ali\u2069's role/);
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
    expect(await screen.findByText(`غيّر ${n('Sara Ahmed')} دور ${n('Omar Ali')} من عضو إلى مشرف عام`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجل التدقيق' })).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlaReport } from '@fieldops/shared/sla-report';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { fakeSession, list, problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { toSlaExportTable } from '../export/sla-export-rows.ts';
import { ReportsPage } from '../reports-page.tsx';
import { slaBreach, slaFigures } from '../test/sla-fixtures.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const slow = { timeout: 8000 };
const SLA = '/services/helpdesk/api/v1/report/sla';

const figures = slaFigures;
const group = { id: null, priority: null, name: null, nameEn: null, nameAr: null };
const REPORT: SlaReport = {
  startDate: '2024-03-01',
  endDate: '2024-03-31',
  timeZone: 'Asia/Riyadh',
  totals: figures(),
  byCategory: [
    { ...figures({ created: 4 }), ...group, id: 11, nameEn: 'Plumbing', nameAr: 'سباكة' },
    { ...figures({ created: 1, medianFirstResponseMinutes: null }), ...group },
  ],
  byPriority: [{ ...figures(), ...group, priority: 'HIGH' }],
  bySite: [{ ...figures({ created: 3 }), ...group, id: 21, name: 'Riyadh Mall' }],
  byProject: [{ ...figures(), ...group, id: 31, name: 'Malls' }],
  breaches: [
    slaBreach({
      metAt: '2024-03-06T06:00:00.000Z',
      lateMinutes: 60,
      project: { id: 31, name: 'Malls' },
      assignee: { id: 5, username: 'sara', fullName: 'Sara Ali', avatar: null },
    }),
  ],
  breachesTotal: 2,
};

function stub(answer: () => Response = () => Response.json(REPORT)) {
  const stubbed = stubFetch((call) => {
    if (call.path === SLA) return answer();
    if (call.path === '/services/workflow/api/v1/report/live') return new Response(new ReadableStream());
    return list([]);
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

describe("the reports' SLA view", () => {
  it('shows the totals, a table per grouping and the breaches linking to their tickets, for the dates and sites chosen', async () => {
    const calls = stub();
    renderWithSession(<ReportsPage />, { route: '/reports?view=sla&from=2024-03-01&to=2024-03-31&sites=21' });
    const totals = await screen.findByRole('list', { name: 'SLA totals' }, slow);
    expect(totals).toHaveTextContent('First response on time75%');
    expect(totals).toHaveTextContent('Resolution on time66.7%');
    expect(totals).toHaveTextContent('Median first response (working time)35 min');
    expect(totals).toHaveTextContent('Median resolution (working time)2 h 16 min');
    const byCategory = screen.getByRole('table', { name: 'SLA figures by Category' });
    expect(within(byCategory).getByRole('rowheader', { name: 'Plumbing' })).toBeInTheDocument();
    expect(within(byCategory).getByRole('rowheader', { name: 'No category' }).closest('tr')).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('radio', { name: 'Site' }));
    expect(await screen.findByRole('table', { name: 'SLA figures by Site' })).toHaveTextContent('Riyadh Mall');
    const breaches = screen.getByRole('table', { name: 'Breaches' });
    expect(within(breaches).getByRole('link', { name: '#901 Leak in level 2' })).toHaveAttribute('href', '/tickets/901');
    expect(breaches).toHaveTextContent('Sara Ali');
    expect(within(breaches).getAllByRole('row')[1]).toHaveTextContent('#901 Leak in level 2PlumbingHighResolution');
    expect(breaches).toHaveTextContent('1 h 0 min');
    expect(Object.fromEntries(calls.find((call) => call.path === SLA)?.search ?? [])).toEqual({ startDate: '2024-03-01', endDate: '2024-03-31', teams: '21' });
  });

  it('prints the view and tells the audit log, with its dates and grouping', async () => {
    const calls = stub();
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    const user = userEvent.setup();
    renderWithSession(<ReportsPage />, { route: '/reports?view=sla&from=2024-03-01&to=2024-03-31&group=site' });
    await screen.findByRole('list', { name: 'SLA totals' }, slow);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print all answers' }));
    expect(printed).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/exports')).toBe(true));
    expect(calls.find((call) => call.path === '/api/v1/exports')).toMatchObject({
      method: 'POST',
      body: { what: 'reports.sla', format: 'print', filters: { startDate: '2024-03-01', endDate: '2024-03-31', grouping: 'site' } },
    });
  });

  it('reads right to left in Arabic, with the category in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stub();
    renderWithSession(<ReportsPage />, { route: '/reports?view=sla' });
    const table = await screen.findByRole('table', { name: 'أرقام اتفاقية مستوى الخدمة حسب الفئة' }, slow);
    expect(within(table).getByRole('rowheader', { name: 'سباكة' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'إجماليات اتفاقية مستوى الخدمة' })).toHaveTextContent('2 س 16 د');
  });

  it('says when no ticket was opened or resolved, and offers a retry when the report fails', async () => {
    stub(() => Response.json({ ...REPORT, totals: figures({ created: 0, resolved: 0 }) }));
    const { unmount } = renderWithSession(<ReportsPage />, { route: '/reports?view=sla' });
    expect(await screen.findByText('No tickets in these dates', {}, slow)).toBeInTheDocument();
    unmount();
    stub(() => problem(500, 'Internal'));
    renderWithSession(<ReportsPage />, { route: '/reports?view=sla' });
    expect(await screen.findByRole('button', { name: /retry|try again/i }, slow)).toBeInTheDocument();
  });

  it('is not offered to a member who manages no site, nor asked for', async () => {
    const calls = stub();
    renderWithSession(<ReportsPage />, { route: '/reports?view=sla', session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByRole('tab', { name: 'Answers map' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'SLA' })).toBeNull();
    expect(calls.some((call) => call.path === SLA)).toBe(false);
  });
});

describe('the SLA export table', () => {
  it('heads the grouping with all tickets, shares and medians as numbers with their words', () => {
    const t = i18n.getFixedT('en');
    const table = toSlaExportTable(REPORT, { t, language: 'en', grouping: 'category', subtitle: 'March' });
    expect(table.columns.map((c) => c.label)).toEqual([
      'Category',
      'Opened',
      'Resolved',
      'First response on time',
      'Resolution on time',
      'Median first response (working time)',
      'Median resolution (working time)',
      'Breaches',
    ]);
    expect(table.rows.map((row) => row[0])).toEqual(['All tickets', 'Plumbing', 'No category']);
    expect(table.rows[0]?.[3]).toEqual({ kind: 'number', value: 75, text: '75%' });
    expect(table.rows[0]?.[6]).toEqual({ kind: 'number', value: 136, text: '2 h 16 min' });
    expect(table.rows[2]?.[5]).toBe('');
    const arabic = toSlaExportTable(REPORT, { t: i18n.getFixedT('ar'), language: 'ar', grouping: 'priority', subtitle: '' });
    expect(arabic.direction).toBe('rtl');
    expect(arabic.columns[0]?.label).toBe('الأولوية');
    expect(arabic.rows[1]?.[0]).toBe('عالية');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerMapPoint, AnswersMap } from '@fieldops/shared/answers-map';
import { formatNumber } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { list, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { ReportsPage } from '../reports-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const slow = { timeout: 8000 };
const MAP = '/services/workflow/api/v1/report/answers/map';

const point = (id: number, status: AnswerMapPoint['status'], distance: number | null): AnswerMapPoint => ({
  id,
  latitude: 24.7137 + id / 10_000,
  longitude: 46.6754,
  accuracy: 10,
  distance,
  fromGeofence: distance === null ? null : Math.max(0, distance - 200),
  status,
  teamId: 3,
  userId: 7,
  userFullName: `Member ${id}`,
  taskId: 9,
  taskNameEn: 'Opening checks',
  taskNameAr: 'فحوصات الافتتاح',
  capturedAt: '2025-03-10T07:30:00.000Z',
});

function stub(map: AnswersMap) {
  const stubbed = stubFetch((call) => {
    if (call.path === MAP) return Response.json(map);
    if (call.path === '/api/v1/maps/settings') return Response.json({ tileUrl: '', attribution: '' });
    if (call.path === '/services/workflow/api/v1/report/live') return new Response(new ReadableStream());
    return list([]);
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

const answers = [point(1, 'INSIDE', 12.4), point(2, 'OUTSIDE', 1114.6), point(3, 'UNVERIFIED', null), point(4, 'OVERRIDDEN', 1500)];
const world: AnswersMap = {
  answers,
  sites: [{ id: 3, name: 'Tower A', latitude: 24.7136, longitude: 46.6753, radius: 200, polygon: null }],
  total: answers.length,
  limit: 5000,
};

describe('the answers map of the reports', () => {
  it('is asked for only when its tab opens, with the filters of the address', async () => {
    const calls = stub(world);
    renderWithSession(<ReportsPage />, { route: '/reports?from=2025-03-01&to=2025-03-31&sites=3&task=9' });
    const tab = await screen.findByRole('tab', { name: 'Answers map' }, slow);
    expect(calls.some((call) => call.path === MAP)).toBe(false);
    await userEvent.click(tab);
    await vi.waitFor(() => expect(calls.some((call) => call.path === MAP)).toBe(true));
    expect(Object.fromEntries(calls.find((call) => call.path === MAP)?.search ?? [])).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      teams: '3',
      task: '9',
    });
  });

  it('gives the same answers as a table and a count by status, with distances in words', async () => {
    stub(world);
    renderWithSession(<ReportsPage />, { route: '/reports?view=map' });
    const table = await screen.findByRole('table', { name: 'The answers on the map' }, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      expect.stringContaining("Inside the site's geofence"),
      expect.stringContaining("Outside the site's geofence"),
      expect.stringContaining('Unverified'),
      expect.stringContaining("Counted by a manager's override"),
    ]);
    expect(rows[0]).toHaveTextContent("12 m from the site's pin");
    expect(rows[0]).not.toHaveTextContent('beyond');
    expect(rows[1]).toHaveTextContent("1,110 m from the site's pin · 915 m beyond its geofence");
    expect(rows[2]).toHaveTextContent('Distance unknown');
    expect(rows[0]).toHaveTextContent('Tower A');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', expect.stringContaining('answer=1'));
    const summary = screen.getByRole('list', { name: 'Answers on the map by location status' });
    expect(summary).toHaveTextContent("Inside the site's geofence: 1");
    expect(summary).toHaveTextContent("Outside the site's geofence: 1");
    expect(screen.queryByTestId('answers-map-capped')).toBeNull();
  });

  it('says when more answers exist than the map holds', async () => {
    stub({ ...world, total: 7200 });
    renderWithSession(<ReportsPage />, { route: '/reports?view=map' });
    expect(await screen.findByTestId('answers-map-capped', undefined, slow)).toHaveTextContent('The map shows the newest 4 of 7,200 answers with a position.');
  });

  it('is in Arabic in Arabic, the numbers localised', async () => {
    await i18n.changeLanguage('ar');
    stub({ ...world, total: 7200 });
    renderWithSession(<ReportsPage />, { route: '/reports?view=map' });
    expect(await screen.findByTestId('answers-map-capped', undefined, slow)).toHaveTextContent(
      `تعرض الخريطة أحدث ${formatNumber(4, 'ar')} من أصل ${formatNumber(7200, 'ar')} إجابة`,
    );
    const table = screen.getByRole('table', { name: 'الإجابات المعروضة على الخريطة' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('داخل النطاق الجغرافي للموقع');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('فحوصات الافتتاح');
  });
});

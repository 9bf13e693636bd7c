import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PhotoReviewCounts } from '@fieldops/shared/evidence';
import { fakeSession, list, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { ReportsPage } from '../reports-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: 8000 };
const COUNTS = '/services/workflow/api/v1/photo-reviews/counts';
const counts: PhotoReviewCounts = { sampled: 12, flagged: 3, pending: 4, fine: 1200, suspicious: 2, duplicates: 2 };

function stub() {
  const stubbed = stubFetch((call) => {
    if (call.path === COUNTS) return Response.json(counts);
    if (call.path === '/services/workflow/api/v1/report/live') return new Response(new ReadableStream());
    return list([]);
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

describe("the reports' photo review counts", () => {
  it('counts the photos of the filtered answers, each verdict and the waiting linking to its tab of the queue', async () => {
    const calls = stub();
    renderWithSession(<ReportsPage />, { route: '/reports?from=2025-03-01&to=2025-03-31&sites=3&task=9&tag=2&delayed=1' });
    const summary = await screen.findByRole('list', { name: 'Photo review' }, slow);
    expect(summary).toHaveTextContent('Sampled: 12');
    expect(summary).toHaveTextContent('Flagged (near duplicate or time mismatch): 3');
    expect(within(summary).getByRole('link', { name: 'Reviewed fine: 1,200' })).toHaveAttribute('href', '/reports/photos?state=FINE');
    expect(within(summary).getByRole('link', { name: 'Reviewed suspicious: 2' })).toHaveAttribute('href', '/reports/photos?state=SUSPICIOUS');
    expect(within(summary).getByRole('link', { name: 'Waiting for review: 4' })).toHaveAttribute('href', '/reports/photos');
    expect(Object.fromEntries(calls.find((call) => call.path === COUNTS)?.search ?? [])).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      teams: '3',
      task: '9',
      tag: '2',
      delayed: 'true',
    });
  });

  it('is not shown to a member who manages no site, nor asked for', async () => {
    const calls = stub();
    renderWithSession(<ReportsPage />, { route: '/reports', session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByRole('tab', { name: 'Answers map' }, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('photo-review-summary')).toBeNull();
    expect(calls.some((call) => call.path === COUNTS)).toBe(false);
  });
});

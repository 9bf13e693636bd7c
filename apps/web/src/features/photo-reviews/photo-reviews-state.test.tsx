import { afterEach, expect, it, vi } from 'vitest';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { PhotoReviewsPage } from './photo-reviews-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const QUEUE = '/services/workflow/api/v1/photo-reviews';

it('opens on the tab the address names, as the reports link to it', async () => {
  const stubbed = stubFetch((call) =>
    call.path === `${QUEUE}/counts` ? Response.json({ sampled: 0, flagged: 0, pending: 0, fine: 0, suspicious: 0, duplicates: 0 }) : list([]),
  );
  vi.stubGlobal('fetch', stubbed.fetchMock);
  renderWithSession(<PhotoReviewsPage />, { route: '/reports/photos?state=SUSPICIOUS' });
  await vi.waitFor(() => expect(stubbed.calls.some((call) => call.path === QUEUE)).toBe(true), { timeout: 8000 });
  expect(stubbed.calls.find((call) => call.path === QUEUE)?.search.get('state')).toBe('SUSPICIOUS');
});

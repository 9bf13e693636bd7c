import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { PhotoReview } from '@fieldops/shared/evidence';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { PhotoReviewsPage } from './photo-reviews-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const QUEUE = '/services/workflow/api/v1/photo-reviews';
const photo = (answerId: number, member: string, site: string) => ({
  answerId,
  photo: `/api/files/${'a'.repeat(31)}${answerId}.jpg?expires=1&signature=x`,
  scheduleId: 40 + answerId,
  member: { id: answerId, name: member },
  site: { id: answerId * 10, name: site },
  task: { id: 5, nameEn: 'Gate check', nameAr: 'فحص البوابة' },
  capturedAt: '2026-11-28T08:00:00Z',
  receivedAt: '2026-11-28T08:01:00Z',
});
const duplicate: PhotoReview = {
  ...photo(2, 'Omar Ali', 'South Gate'),
  reason: 'DUPLICATE',
  duplicateOf: { ...photo(1, 'Nada Salem', 'North Gate'), distance: 3 },
  verdict: null,
  reviewedBy: null,
  reviewedAt: null,
};

function stub(queue: PhotoReview[]) {
  return stubFetch(({ method, path, search }) => {
    if (method === 'GET' && path === QUEUE) return list(search.get('state') === 'PENDING' ? queue : []);
    if (method === 'GET' && path === `${QUEUE}/counts`) return Response.json({ pending: queue.length, fine: 0, suspicious: 0, duplicates: 1 });
    if (method === 'GET' && path === `${QUEUE}/settings`) return Response.json({ samplePercent: 5 });
    if (method === 'PUT' && path === `${QUEUE}/2`)
      return Response.json({ ...duplicate, verdict: 'SUSPICIOUS', reviewedBy: { id: 1, name: 'Owner' }, reviewedAt: '2026-11-28T09:00:00Z' });
    if (method === 'PUT' && path === `${QUEUE}/settings`) return Response.json({ samplePercent: 20 });
    return undefined;
  });
}

describe('photo review page', () => {
  it('shows a near duplicate beside the earlier photo, and marks it suspicious', async () => {
    const { calls, fetchMock } = stub([duplicate]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<PhotoReviewsPage />);
    const card = (await screen.findByRole('article', { name: 'Nearly the same as an earlier photo' })) as HTMLElement;
    expect(within(card).getByText('Omar Ali at South Gate')).toBeInTheDocument();
    expect(within(card).getByText('Nada Salem at North Gate')).toBeInTheDocument();
    expect(within(card).getByText('3 points of 64 differ')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Earlier photo, by Nada Salem at North Gate' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Waiting (1)' })).toBeChecked();

    await userEvent.click(within(card).getByRole('button', { name: 'Suspicious' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.path === `${QUEUE}/2`)?.body).toEqual({ verdict: 'SUSPICIOUS' }));
    expect(await screen.findByText('Photo marked suspicious')).toBeInTheDocument();
  });

  it('says when nothing waits, and lets an owner set the sample share', async () => {
    const { calls, fetchMock } = stub([]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<PhotoReviewsPage />);
    expect(await screen.findByText('No photos waiting for review')).toBeInTheDocument();
    const share = screen.getByRole('textbox', { name: 'Photos sampled for review' });
    await vi.waitFor(() => expect(share).toHaveValue('5 %'));
    await userEvent.clear(share);
    await userEvent.type(share, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.path === `${QUEUE}/settings`)?.body).toEqual({ samplePercent: 20 }));
  });

  it('shows a supervisor no sample setting, and a member no queue at all', async () => {
    const { calls, fetchMock } = stub([duplicate]);
    vi.stubGlobal('fetch', fetchMock);
    const supervisor = fakeSession({ role: 'MEMBER', teams: [{ id: 20, name: 'South Gate', authority: 'SUPERVISOR', position: 'Lead' }] });
    const { unmount } = renderWithSession(<PhotoReviewsPage />, { session: supervisor });
    await screen.findByRole('article');
    expect(screen.queryByRole('textbox', { name: 'Photos sampled for review' })).toBeNull();
    unmount();

    calls.length = 0;
    renderWithSession(<PhotoReviewsPage />, { session: fakeSession({ role: 'MEMBER', teams: [] }) });
    expect(screen.getByText('Only owners, administrators and site supervisors review photos.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { deviceDb } from '../../lib/offline/device-db.ts';
import { enqueue, listOutbox } from '../../lib/offline/outbox.ts';
import type { OutboxEntry } from '../../lib/offline/outbox-entry.ts';
import { makeOutboxEntry } from '../../test/outbox.ts';
import { renderWithSession, stubFetch } from '../../test/session.tsx';
import { makeDetail } from './test/fixtures.ts';
import { TrackerPage } from './tracker-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The browser says it has no network, and no call reaches the server. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const stub = stubFetch(() => undefined);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  return stub.calls;
}

/** The member's copy on the device, as the app keeps it while online (fakeSession: user 7, business 2). */
async function keepCopy(savedAt: string, details = [makeDetail()]) {
  const db = await deviceDb();
  for (const detail of details) await db?.put('schedules', { id: detail.id, userId: 7, businessId: 2, detail, savedAt });
  await db?.put('meta', { userId: 7, businessId: 2, at: savedAt }, 'refreshed');
}

const entry = (extra: Partial<OutboxEntry>) => makeOutboxEntry({ position: null, ...extra });

describe('the tracker without a network', () => {
  it("lists the member's copied schedules, says it is offline and from when the copy is", async () => {
    goOffline();
    await keepCopy('2026-11-26T06:15:00.000Z');
    renderWithSession(<TrackerPage />, { route: '/tracker' });

    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    // 06:15 UTC is 09:15 in Riyadh, the business's zone.
    expect(screen.getByText(/saved on this device at Nov 26, 2026, 9:15/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your schedules: today and the next two days' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Lobby inspection/ })).toHaveAttribute('href', '/tracker/40');
    expect(screen.queryByRole('tab', { name: /Done/ })).not.toBeInTheDocument();
    // Only the member's own copy is kept: no choice between My Tasks and All Tasks.
    expect(screen.queryByRole('radio', { name: 'All Tasks' })).not.toBeInTheDocument();
  });

  it("counts the answers given on the device since the copy was saved in each schedule's progress", async () => {
    goOffline();
    await keepCopy('2026-11-26T06:15:00.000Z');
    await enqueue([
      entry({ actionId: 11 }),
      entry({ actionId: 11, value: 'NO' }),
      entry({ actionId: 12, status: 'failed', error: MSG.answerInvalid }),
      entry({ actionId: 13, scheduleId: 41 }),
    ]);
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByRole('img', { name: '1 of 2 required actions answered' })).toBeInTheDocument();
  });

  it('says nothing was kept yet when the member never opened it online', async () => {
    goOffline();
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText(/Nothing is saved on this device yet/)).toBeInTheDocument();
  });

  it("does not show another member's copy", async () => {
    goOffline();
    const db = await deviceDb();
    const detail = makeDetail();
    await db?.put('schedules', { id: detail.id, userId: 8, businessId: 2, detail, savedAt: '2026-11-26T06:15:00.000Z' });
    await db?.put('meta', { userId: 8, businessId: 2, at: '2026-11-26T06:15:00.000Z' }, 'refreshed');
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByText(/Nothing is saved on this device yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Lobby inspection/ })).not.toBeInTheDocument();
  });
});

describe('the queue of answers on the device', () => {
  it('shows each answer as waiting, sent or failed with the reason, and lets a failed one be tried again or let go', async () => {
    goOffline();
    await keepCopy('2026-11-26T06:15:00.000Z');
    await enqueue([
      entry({ actionId: 11 }),
      entry({ actionId: 12, actionNameEn: 'Photo of the lobby', status: 'failed', error: MSG.scheduleNotOpen }),
      entry({ actionId: 13, actionNameEn: 'Remarks', status: 'sent', outcome: { answerId: 3, outside: false, late: true, held: null } }),
      entry({ actionId: 14, actionNameEn: 'Lift', status: 'sent', outcome: { answerId: 4, outside: false, late: false, held: 'PAUSED' } }),
    ]);
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithSession(<TrackerPage />, { route: '/tracker' });

    const queue = await screen.findByRole('region', { name: 'Answers on this device' });
    expect(within(queue).getByText('1 waiting · 1 failed · 0 kB on this device')).toBeInTheDocument();
    const items = within(queue).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('[data-outbox-status]')?.getAttribute('data-outbox-status'))).toEqual(['waiting', 'failed', 'sent', 'sent']);
    expect(within(items[1] as HTMLElement).getByText(MSG.scheduleNotOpen)).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Arrived after the deadline; counted on time')).toBeInTheDocument();
    expect(within(items[3] as HTMLElement).getByText('Kept but not counted: the plan was paused before this answer arrived')).toBeInTheDocument();

    await user.click(within(queue).getByRole('button', { name: 'Try again: Lobby inspection · Photo of the lobby' }));
    await waitFor(async () => expect((await listOutbox(7)).map((item) => item.status)).toEqual(['waiting', 'waiting', 'sent', 'sent']));

    await enqueue([entry({ actionId: 15, actionNameEn: 'Bins', status: 'failed', error: MSG.answerInvalid })]);
    await user.click(await within(queue).findByRole('button', { name: 'Discard: Lobby inspection · Bins' }));
    await waitFor(async () => expect((await listOutbox(7)).map((item) => item.actionId)).toEqual([11, 12, 13, 14]));
    expect(window.confirm).toHaveBeenCalled();
  });

  it('warns when the device is running short of space', async () => {
    goOffline();
    await enqueue([entry({})]);
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: () => Promise.resolve({ usage: 950_000_000, quota: 1_000_000_000 }) },
    });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'storage');
    });
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This device is running short of space (50 MB left)');
  });
});

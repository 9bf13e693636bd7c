import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NETWORK_ERROR } from '@fieldops/shared/messages';
import { makeDetail, makeSchedule } from './test/fixtures.ts';
import { fakeSession, list, stubFetch } from '../../test/session.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { loadSessionOrCopy } from '../../lib/session/use-session-query.ts';
import { setToken } from '../../lib/storage.ts';
import {
  canAnswerOffline,
  forgetDeviceCopy,
  readScheduleCopies,
  readScheduleCopy,
  readSessionCopy,
  refreshScheduleCopy,
  saveSessionCopy,
} from '../../lib/offline/device-copy.ts';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';

describe('the copy on the device', () => {
  it('gives the session back only to the sign-in that kept it', async () => {
    const { refresh: _refresh, ...session } = fakeSession();
    setToken('token-a');
    await saveSessionCopy(session);
    expect((await readSessionCopy())?.account.id).toBe(7);
    setToken('token-b');
    expect(await readSessionCopy()).toBeNull();
  });

  it('opens the session from the copy when the server cannot be reached, and not for any other failure', async () => {
    const { refresh: _refresh, ...session } = fakeSession();
    setToken('token-a');
    await saveSessionCopy(session);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await loadSessionOrCopy(new QueryClient())).business.id).toBe(2);

    const refused = stubFetch(() => Response.json({ status: 401, message: 'Authentication failed' }, { status: 401 }));
    vi.stubGlobal('fetch', refused.fetchMock);
    await expect(loadSessionOrCopy(new QueryClient())).rejects.toBeInstanceOf(ApiError);

    setToken('token-b');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadSessionOrCopy(new QueryClient())).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it("keeps the member's next three days in full and replaces what was kept before", async () => {
    const session = fakeSession();
    const calls = stubFetch(({ path }) => {
      if (path === `${WORKFLOW}/schedules/user-schedules`) return list([makeSchedule({ id: 40 }), makeSchedule({ id: 41 })]);
      const id = /\/schedules\/(\d+)$/.exec(path)?.[1];
      return id ? Response.json(makeDetail({ id: Number(id) })) : undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const db = await (await import('../../lib/offline/device-db.ts')).deviceDb();
    await db?.put('schedules', { id: 39, userId: 7, businessId: 2, detail: makeDetail({ id: 39 }), savedAt: '2026-01-01T00:00:00.000Z' });

    expect(await refreshScheduleCopy(session)).toBe(2);
    const listCall = calls.calls.find((call) => call.path.endsWith('/user-schedules'));
    const startDate = listCall?.search.get('startDate') ?? '';
    const endDate = listCall?.search.get('endDate') ?? '';
    expect((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000).toBe(2);
    expect(calls.calls.filter((call) => call.search.get('eagerLoad') === 'true').map((call) => call.path)).toEqual([
      `${WORKFLOW}/schedules/40`,
      `${WORKFLOW}/schedules/41`,
    ]);
    expect((await readScheduleCopies(7, 2)).map((copy) => copy.id)).toEqual([40, 41]);
    expect(await readScheduleCopy(40, 8, 2)).toBeNull();

    await forgetDeviceCopy();
    expect(await readScheduleCopies(7, 2)).toEqual([]);
  });

  it('judges on the device whether a copied schedule may be answered now, as the server would', () => {
    const now = Date.parse('2026-11-26T10:00:00.000Z');
    const open = makeDetail({ userId: 7, start: '2026-11-26T06:00:00.000Z', deadline: '2026-11-27T06:00:00.000Z', paused: false, status: 'pending' });
    expect(canAnswerOffline(open, 7, now)).toBe(true);
    expect(canAnswerOffline(open, 8, now)).toBe(false);
    expect(canAnswerOffline({ ...open, paused: true }, 7, now)).toBe(false);
    expect(canAnswerOffline({ ...open, status: 'missed' }, 7, now)).toBe(false);
    expect(canAnswerOffline(open, 7, Date.parse('2026-11-26T05:59:00.000Z'))).toBe(false);
    expect(canAnswerOffline(open, 7, Date.parse('2026-11-27T06:00:00.000Z'))).toBe(false);
  });
});

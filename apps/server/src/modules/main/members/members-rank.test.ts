// Each member carries their best-first rank by completion rate over the last 30 days, counted
// across their whole business (not just the page), and only from their business's schedules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@fieldops/shared/account';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Caller } from '../../../test/factories.ts';
import { many, memberIn, placeSchedules, reportBusiness, type ReportPlace } from '../../workflow/reports/report-test-kit.ts';

let t: TestApp;
let place: ReportPlace;
let a: Caller;
let b: Caller;
let c: Caller;
let idle: Caller;

/** The local day in Riyadh `back` days before today, "YYYY-MM-DD". */
const day = (back: number) => new Date(Date.now() - back * 24 * 3600 * 1000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });

const rankOf = (members: Member[]) => new Map(members.map((m) => [m.userId, m.rank]));

/**
 * Over the last 30 days: A 2 of 2 done, B 1 done and 1 missed, C 1 of 1 done; the owner and
 * `idle` have none. Best first: A (100 %, 2), C (100 %, 1), B (50 %). A's 6 missed schedules of
 * 31 days ago are outside the window, or A would be last.
 */
beforeAll(async () => {
  t = await createTestApp();
  place = await reportBusiness(t);
  a = await memberIn(place);
  b = await memberIn(place);
  c = await memberIn(place);
  idle = await memberIn(place);
  await placeSchedules(place, [
    ...many(a.userId, day(1), 'done', 2),
    ...many(b.userId, day(2), 'done', 1),
    ...many(b.userId, day(29), 'missed', 1),
    ...many(c.userId, day(3), 'done', 1),
    ...many(a.userId, day(31), 'missed', 6),
  ]);
  // Another business: its own member all done, and A's work there all missed. Counted with the
  // first business, either would change the ranks above.
  const other = await reportBusiness(t);
  const stranger = await memberIn(other);
  await placeSchedules(other, [...many(stranger.userId, day(1), 'done', 3), ...many(a.userId, day(1), 'missed', 5)]);
});
afterAll(() => t.close());

describe('member rank', () => {
  it('ranks each member of a list page across the whole business, null without schedules', async () => {
    const res = await place.owner.request({ method: 'GET', url: '/api/v2/business-members' });
    expect(res.statusCode).toBe(200);
    expect(rankOf(res.json())).toEqual(
      new Map([
        [place.owner.userId, null],
        [a.userId, 1],
        [b.userId, 3],
        [c.userId, 2],
        [idle.userId, null],
      ]),
    );
    // The second page of two (B and C by id) keeps the business-wide ranks.
    const page = await place.owner.request({ method: 'GET', url: '/api/v2/business-members?page=1&size=2' });
    expect(page.json().map((m: Member) => [m.userId, m.rank])).toEqual([
      [b.userId, 3],
      [c.userId, 2],
    ]);
  });

  it('gives the same ranks in the business list and the accessible list', async () => {
    const list = await place.owner.request({ method: 'GET', url: `/api/v1/businesses/${place.businessId}/members` });
    expect(rankOf(list.json()).get(c.userId)).toBe(2);
    const accessible = await place.owner.request({ method: 'GET', url: '/api/v1/businesses/members/accessible' });
    expect(rankOf(accessible.json()).get(b.userId)).toBe(3);
  });

  it('ranks a single member read, and gives none to a member without schedules', async () => {
    const one = await place.owner.request({ method: 'GET', url: `/api/v1/users/${c.userId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ userId: c.userId, rank: 2 });
    const none = await place.owner.request({ method: 'GET', url: `/api/v1/users/${idle.userId}` });
    expect(none.json()).toMatchObject({ userId: idle.userId, rank: null });
  });
});

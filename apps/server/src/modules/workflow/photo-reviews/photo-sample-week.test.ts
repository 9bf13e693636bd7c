// The sample kept per site and week through the check itself: the draw decides within the share,
// a site a whole photo short of it has its next photo taken, one at its share has no more, and
// another site's photos or an earlier week's do not count.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoChecks } from '../../../db/schema-evidence.ts';
import { INSIDE, SITE, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { addMember, createBusinessWithOwner, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';
import { scene } from '../../../test/scenes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkPhoto } from './photo-reviews.service.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let north: number;
let south: number;
let picture = 20;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  north = (await createSite(t.app, owner, project.id, { ...SITE, name: 'North Gate' })).id;
  south = (await createSite(t.app, owner, project.id, { ...SITE, name: 'South Gate' })).id;
  member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, north, member.userId);
  await placeInSite(t.app, owner, south, member.userId);
  const res = await owner.request({ method: 'PUT', url: '/services/workflow/api/v1/photo-reviews/settings', payload: { samplePercent: 50 } });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

/** A new photo answered at `siteId` and checked with `draw`; the reason it waits for review, if any. */
async function photoAt(siteId: number, draw: number) {
  const { actions, schedule } = await scheduled({ t, owner, siteId }, member, [{ type: 'PHOTO', required: true }]);
  const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0]!.id), ...INSIDE }, [
    { field: 'file', filename: 'photo.jpg', type: 'image/jpeg', data: await scene((picture += 1)) },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const answerId: number = res.json().result.id;
  await checkPhoto(t.app, { businessId: owner.business.id, answerId }, () => draw);
  const [row] = await t.app.db.select().from(photoChecks).where(eq(photoChecks.answerId, answerId));
  return row?.reason ?? null;
}

describe('the photo sample at 50 % a site week', () => {
  it('leaves the first photo to the draw, and takes the second when the first was not drawn', async () => {
    expect(await photoAt(north, 99)).toBeNull();
    expect(await photoAt(north, 99)).toBe('SAMPLE');
  });

  it('takes no more than the share rounded up however the draw goes, and counts each site apart', async () => {
    // North has 1 of 2; a third photo may make it 2 of 3, a fourth never 3 of 4.
    expect(await photoAt(north, 0)).toBe('SAMPLE');
    expect(await photoAt(north, 0)).toBeNull();
    expect(await photoAt(south, 99)).toBeNull();
  });

  it("starts each week anew: last week's photos do not count", async () => {
    // Last week North had every photo sampled: counted now, it would be far over its share.
    const checked = await t.app.db.select({ id: photoChecks.answerId }).from(photoChecks).where(eq(photoChecks.teamId, north));
    await t.app.db
      .update(photoChecks)
      .set({ checkedAt: sql`now() - interval '8 days'`, reason: 'SAMPLE' })
      .where(
        inArray(
          photoChecks.answerId,
          checked.map((row) => row.id),
        ),
      );
    expect(await photoAt(north, 0)).toBe('SAMPLE');
  });
});

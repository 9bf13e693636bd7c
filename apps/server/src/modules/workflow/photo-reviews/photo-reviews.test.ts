// The photo review queue: each answer photo checked in the background, the same photo given again
// (another schedule, member and site, encoded anew) found and queued beside the first, a sample of
// the rest queued at the business's share, verdicts by those who manage the site, and nothing of
// it seen or changed from another business.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReview, PhotoReviewCounts } from '@fieldops/shared/evidence';
import { MSG } from '@fieldops/shared/messages';
import { photoChecks } from '../../../db/schema-evidence.ts';
import { INSIDE, SITE, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';
import { scene } from '../../../test/scenes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkPhoto } from './photo-reviews.service.ts';

const API = '/services/workflow/api/v1/photo-reviews';
let t: TestApp;
let owner: Caller;
let siteA: number;
let siteB: number;
let memberA: Caller;
let memberB: Caller;
let supervisorA: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true } });
  owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  siteA = (await createSite(t.app, owner, project.id, { ...SITE, name: 'North Gate' })).id;
  siteB = (await createSite(t.app, owner, project.id, { ...SITE, name: 'South Gate' })).id;
  memberA = await addMember(t.app, owner);
  memberB = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteA, memberA.userId);
  await placeInSite(t.app, owner, siteB, memberB.userId);
  supervisorA = await addSupervisor(t.app, owner, [siteA]);
  outsider = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

/** Answers a new photo schedule at `siteId` with `data`, and waits until its photo has been checked. */
async function answerWithPhoto(who: Caller, siteId: number, data: Buffer) {
  const { actions, schedule } = await scheduled({ t, owner, siteId }, who, [{ type: 'PHOTO', required: true }]);
  const res = await submit(who, { scheduleId: String(schedule.id), actionId: String(actions[0]!.id), ...INSIDE }, [
    { field: 'file', filename: 'photo.jpg', type: 'image/jpeg', data },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const answerId: number = res.json().result.id;
  for (let i = 0; i < 200; i++) {
    const [row] = await t.app.db.select().from(photoChecks).where(eq(photoChecks.answerId, answerId));
    if (row) return { answerId, check: row };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the photo of answer ${answerId} was not checked`);
}

const reviews = async (who: Caller, query = '') => {
  const res = await who.request({ method: 'GET', url: `${API}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PhotoReview[];
};
const setSample = (who: Caller, samplePercent: unknown) => who.request({ method: 'PUT', url: `${API}/settings`, payload: { samplePercent } });
const judge = (who: Caller, answerId: number, verdict: unknown) => who.request({ method: 'PUT', url: `${API}/${answerId}`, payload: { verdict } });

describe('the photo review queue', () => {
  let first: number;
  let again: number;
  let sampled: number;

  it('queues the same photo given again elsewhere beside the first, and a share of the rest', async () => {
    expect((await setSample(owner, 0)).statusCode).toBe(200);
    const original = await scene(11);
    first = (await answerWithPhoto(memberA, siteA, original)).answerId;
    const firstCheck = (await t.app.db.select().from(photoChecks).where(eq(photoChecks.answerId, first)))[0]!;
    expect(firstCheck).toMatchObject({ reason: null, teamId: siteA });
    expect(firstCheck.hash).not.toBeNull();

    // Shrunk and saved again at a lower quality, by another member at another site.
    const resaved = await sharp(original).resize(700).jpeg({ quality: 45 }).toBuffer();
    const repeat = await answerWithPhoto(memberB, siteB, resaved);
    again = repeat.answerId;
    expect(repeat.check).toMatchObject({ reason: 'DUPLICATE', duplicateOf: first, teamId: siteB });

    // Another scene is not queued while the sample is 0 %, and is at 100 %.
    expect((await answerWithPhoto(memberA, siteA, await scene(12))).check.reason).toBeNull();
    expect((await setSample(owner, 100)).json()).toEqual({ samplePercent: 100 });
    sampled = (await answerWithPhoto(memberA, siteA, await scene(13))).answerId;

    const queue = await reviews(owner);
    expect(queue.map((review) => [review.answerId, review.reason])).toEqual([
      [sampled, 'SAMPLE'],
      [again, 'DUPLICATE'],
    ]);
    const duplicate = queue[1]!;
    expect(duplicate).toMatchObject({
      site: { id: siteB, name: 'South Gate' },
      member: { id: memberB.userId },
      verdict: null,
      duplicateOf: { answerId: first, site: { id: siteA, name: 'North Gate' }, member: { id: memberA.userId } },
    });
    expect(duplicate.duplicateOf!.distance).toBeLessThanOrEqual(8);
    expect(duplicate.photo).toMatch(/^\/api\/files\/[a-f0-9]{32}\.jpg\?expires=\d+&signature=/);
    expect(duplicate.duplicateOf!.photo).toMatch(/^\/api\/files\/[a-f0-9]{32}\.jpg\?expires=\d+&signature=/);
  });

  it('checks a photo once, however often its check runs', async () => {
    await checkPhoto(t.app, { businessId: owner.business.id, answerId: again }, () => 0);
    const rows = await t.app.db.select().from(photoChecks).where(eq(photoChecks.answerId, again));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'DUPLICATE', duplicateOf: first });
  });

  it("shows a supervisor their sites' photos only, and a member none", async () => {
    expect((await reviews(supervisorA)).map((review) => review.answerId)).toEqual([sampled]);
    expect(await reviews(supervisorA, `?teamId=${siteB}`)).toEqual([]);
    expect((await memberA.request({ method: 'GET', url: API })).statusCode).toBe(403);
    expect((await memberA.request({ method: 'GET', url: `${API}/counts` })).statusCode).toBe(403);
  });

  it('keeps a verdict with its reviewer, moves the photo to its tab and counts it', async () => {
    expect((await judge(supervisorA, again, 'SUSPICIOUS')).statusCode).toBe(404);
    expect((await judge(memberA, sampled, 'FINE')).statusCode).toBe(403);
    const bad = await judge(owner, again, 'MAYBE');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');

    const judged = await judge(owner, again, 'SUSPICIOUS');
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json()).toMatchObject({ answerId: again, verdict: 'SUSPICIOUS', reviewedBy: { id: owner.userId } });
    expect((await judge(supervisorA, sampled, 'FINE')).json()).toMatchObject({ verdict: 'FINE', reviewedBy: { id: supervisorA.userId } });

    expect(await reviews(owner)).toEqual([]);
    expect((await reviews(owner, '?state=SUSPICIOUS')).map((review) => review.answerId)).toEqual([again]);
    expect((await reviews(owner, '?state=FINE')).map((review) => review.answerId)).toEqual([sampled]);
    const counts: PhotoReviewCounts = (await owner.request({ method: 'GET', url: `${API}/counts` })).json();
    expect(counts).toEqual({ sampled: 1, flagged: 1, pending: 0, fine: 1, suspicious: 1, duplicates: 1 });
    const supervised: PhotoReviewCounts = (await supervisorA.request({ method: 'GET', url: `${API}/counts` })).json();
    expect(supervised).toEqual({ sampled: 1, flagged: 0, pending: 0, fine: 1, suspicious: 0, duplicates: 0 });
  });

  it("counts the photos of the answers the reports' filters give, and refuses bad filters", async () => {
    const countsOf = async (query: string) => {
      const res = await owner.request({ method: 'GET', url: `${API}/counts?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PhotoReviewCounts;
    };
    expect(await countsOf(`teams=${siteB}`)).toMatchObject({ sampled: 0, flagged: 1, suspicious: 1, fine: 0 });
    expect(await countsOf(`users=${memberA.userId}`)).toMatchObject({ flagged: 0, fine: 1, suspicious: 0 });
    expect(await countsOf('projects=987654321')).toMatchObject({ sampled: 0, flagged: 0, fine: 0, suspicious: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(await countsOf(`startDate=${today}&endDate=${today}`)).toMatchObject({ flagged: 1, fine: 1, suspicious: 1 });
    expect(await countsOf('startDate=2000-01-01&endDate=2000-01-02')).toEqual({ sampled: 0, flagged: 0, pending: 0, fine: 0, suspicious: 0, duplicates: 0 });
    // The tag and "arrived after a delay" filters of the submissions list narrow them too: none of these answers is either.
    expect(await countsOf('tag=987654321')).toEqual({ sampled: 0, flagged: 0, pending: 0, fine: 0, suspicious: 0, duplicates: 0 });
    expect(await countsOf('delayed=true')).toEqual({ sampled: 0, flagged: 0, pending: 0, fine: 0, suspicious: 0, duplicates: 0 });
    expect(await countsOf('delayed=false')).toMatchObject({ flagged: 1, fine: 1, suspicious: 1 });
    for (const query of ['startDate=2026-05-02&endDate=2026-05-01', 'users=abc', 'startDate=soon']) {
      const res = await owner.request({ method: 'GET', url: `${API}/counts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('lets owners and admins alone set the sample, within 0–100 %', async () => {
    expect((await setSample(supervisorA, 50)).statusCode).toBe(403);
    expect((await setSample(memberA, 50)).statusCode).toBe(403);
    const tooMany = await setSample(owner, 101);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBeTruthy();
    expect((await owner.request({ method: 'GET', url: `${API}/settings` })).json()).toEqual({ samplePercent: 100 });
  });

  it('shows and changes nothing from another business', async () => {
    expect(await reviews(outsider)).toEqual([]);
    expect(await reviews(outsider, '?state=SUSPICIOUS')).toEqual([]);
    const res = await judge(outsider, again, 'FINE');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.photoReviewNotFound);
    expect((await reviews(owner, '?state=SUSPICIOUS')).map((review) => review.answerId)).toEqual([again]);
    expect((await outsider.request({ method: 'GET', url: `${API}/counts` })).json()).toEqual({
      sampled: 0,
      flagged: 0,
      pending: 0,
      fine: 0,
      suspicious: 0,
      duplicates: 0,
    });
  });
});

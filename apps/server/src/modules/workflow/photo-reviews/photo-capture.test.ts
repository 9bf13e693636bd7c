// How an answer photo was captured: an action set to camera only refuses a photo the device does
// not mark as taken with the page's camera; the time a photo's metadata gives is kept, and one far
// from the answer's capture time is marked and waits in the review queue; a task's "stamp photos"
// setting is saved and read back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_TIME_MISMATCH_MINUTES } from '@fieldops/shared/evidence';
import { MSG } from '@fieldops/shared/messages';
import { photoChecks } from '../../../db/schema-evidence.ts';
import { answerCount, INSIDE, memberAtSite, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { createBusinessWithOwner, createTask, type Caller } from '../../../test/factories.ts';
import { scene } from '../../../test/scenes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true } });
  ({ owner, member, siteId } = await memberAtSite(t.app));
});
afterAll(() => t.close());

const jpeg = (data: Buffer) => ({ field: 'file', filename: 'photo.jpg', type: 'image/jpeg', data });

async function photoSchedule(cameraOnly: boolean) {
  const settings = { min: null, max: null, unit: null, step: null, allowNa: false, scored: false, cameraOnly };
  const { actions, schedule } = await scheduled({ t, owner, siteId }, member, [{ type: 'PHOTO', required: true, settings }]);
  return { scheduleId: String(schedule.id), actionId: String(actions[0]!.id), schedule };
}

async function checkOf(answerId: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.app.db.select().from(photoChecks).where(eq(photoChecks.answerId, answerId));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the photo of answer ${answerId} was not checked`);
}

describe('a camera-only photo action', () => {
  it('refuses a photo the device does not say came from its camera, and keeps nothing', async () => {
    const { schedule, ...ids } = await photoSchedule(true);
    const sources: Record<string, string>[] = [{}, { photoSource: 'FILE' }];
    for (const source of sources) {
      const res = await submit(member, { ...ids, ...INSIDE, ...source }, [jpeg(await scene(3))]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ message: MSG.photoNeedsCamera, fieldErrors: [{ field: 'photoSource', message: MSG.photoNeedsCamera }] });
    }
    expect(await answerCount(t.app.db, schedule.id)).toBe(0);
  });

  it("takes the photo from the page's camera and says where it came from", async () => {
    const { schedule: _schedule, ...ids } = await photoSchedule(true);
    const res = await submit(member, { ...ids, ...INSIDE, photoSource: 'CAMERA' }, [jpeg(await scene(4))]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ photoSource: 'CAMERA', photoTakenAt: null, photoTimeMismatch: false });
  });

  it('an action that is not camera only still takes a file', async () => {
    const { schedule: _schedule, ...ids } = await photoSchedule(false);
    const res = await submit(member, { ...ids, ...INSIDE, photoSource: 'FILE' }, [jpeg(await scene(5))]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.photoSource).toBe('FILE');
  });

  it('refuses a source it does not know', async () => {
    const { schedule: _schedule, ...ids } = await photoSchedule(false);
    const res = await submit(member, { ...ids, ...INSIDE, photoSource: 'SCANNER' }, [jpeg(await scene(6))]);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe("a photo's metadata time", () => {
  it('marks a photo taken long before the answer, and queues it for review as such', async () => {
    const { schedule: _schedule, ...ids } = await photoSchedule(false);
    const capturedAt = new Date(Date.now() - 60_000);
    const takenAt = new Date(capturedAt.getTime() - (PHOTO_TIME_MISMATCH_MINUTES + 5) * 60_000);
    const res = await submit(member, { ...ids, ...INSIDE, photoSource: 'FILE', capturedAt: capturedAt.toISOString(), photoTakenAt: takenAt.toISOString() }, [
      jpeg(await scene(7)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().result;
    expect(answer).toMatchObject({ photoTimeMismatch: true, photoTakenAt: takenAt.toISOString() });
    expect(await checkOf(answer.id)).toMatchObject({ reason: 'TIME_MISMATCH', teamId: siteId });

    const queue = await owner.request({ method: 'GET', url: '/services/workflow/api/v1/photo-reviews' });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toContainEqual(expect.objectContaining({ answerId: answer.id, reason: 'TIME_MISMATCH', photoTakenAt: takenAt.toISOString() }));
  });

  it('a time within the limit, or none at all, is no mismatch', async () => {
    const close = await photoSchedule(false);
    const capturedAt = new Date(Date.now() - 60_000);
    const takenAt = new Date(capturedAt.getTime() - (PHOTO_TIME_MISMATCH_MINUTES - 1) * 60_000);
    const res = await submit(
      member,
      { scheduleId: close.scheduleId, actionId: close.actionId, ...INSIDE, capturedAt: capturedAt.toISOString(), photoTakenAt: takenAt.toISOString() },
      [jpeg(await scene(8))],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.photoTimeMismatch).toBe(false);

    const none = await photoSchedule(false);
    const without = await submit(member, { scheduleId: none.scheduleId, actionId: none.actionId, ...INSIDE }, [jpeg(await scene(9))]);
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json().result).toMatchObject({ photoTimeMismatch: false, photoTakenAt: null });
  });
});

describe('the moment the photo was taken or picked on the device', () => {
  const minutes = (n: number) => n * 60_000;

  it('is what the metadata time is compared with: a photo taken at the first item of a long checklist is no mismatch', async () => {
    const { schedule: _schedule, ...ids } = await photoSchedule(false);
    const capturedAt = new Date(Date.now() - minutes(1));
    const pickedAt = new Date(capturedAt.getTime() - minutes(PHOTO_TIME_MISMATCH_MINUTES + 15));
    const takenAt = new Date(pickedAt.getTime() - minutes(1));
    const fields = { ...ids, ...INSIDE, photoSource: 'FILE', capturedAt: capturedAt.toISOString(), photoTakenAt: takenAt.toISOString() };
    const res = await submit(member, { ...fields, photoPickedAt: pickedAt.toISOString() }, [jpeg(await scene(10))]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ photoTimeMismatch: false, photoTakenAt: takenAt.toISOString() });

    // An old photo picked at that moment is still marked.
    const { schedule: _later, ...laterIds } = await photoSchedule(false);
    const old = new Date(pickedAt.getTime() - minutes(PHOTO_TIME_MISMATCH_MINUTES + 5)).toISOString();
    const marked = await submit(member, { ...fields, ...laterIds, photoTakenAt: old, photoPickedAt: pickedAt.toISOString() }, [jpeg(await scene(11))]);
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json().result.photoTimeMismatch).toBe(true);
  });

  it('refuses a photo time in the future, before the schedule started or after the capture time, and keeps nothing', async () => {
    const { schedule, ...ids } = await photoSchedule(false);
    const capturedAt = new Date(Date.now() - minutes(2));
    const wrong = [new Date(Date.now() + minutes(30)), new Date(schedule.start.getTime() - minutes(1)), new Date(capturedAt.getTime() + minutes(1))];
    for (const pickedAt of wrong) {
      const res = await submit(member, { ...ids, ...INSIDE, capturedAt: capturedAt.toISOString(), photoPickedAt: pickedAt.toISOString() }, [
        jpeg(await scene(12)),
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: [{ field: 'photoPickedAt', message: MSG.photoPickedOutOfRange }] });
    }
    expect((await submit(member, { ...ids, ...INSIDE, photoPickedAt: 'soon' }, [jpeg(await scene(12))])).statusCode).toBe(400);
    expect(await answerCount(t.app.db, schedule.id)).toBe(0);
  });
});

describe("a task's stamp photos setting", () => {
  it('is saved, read back, and refused to a member and across businesses', async () => {
    const task = await createTask(t.app, owner);
    const url = `/services/workflow/api/v2/tasks/${task.id}/settings`;
    const before = await owner.request({ method: 'GET', url: `/services/workflow/api/v2/tasks/${task.id}` });
    expect(before.json().stampPhotos).toBe(false);
    const saved = await owner.request({ method: 'PUT', url, payload: { stampPhotos: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ stampPhotos: true, geoRestrictionEnabled: true });
    const read = await owner.request({ method: 'GET', url: `/services/workflow/api/v2/tasks/${task.id}` });
    expect(read.json().stampPhotos).toBe(true);

    expect((await owner.request({ method: 'PUT', url, payload: { stampPhotos: 'yes' } })).statusCode).toBe(400);
    expect((await member.request({ method: 'PUT', url, payload: { stampPhotos: false } })).statusCode).toBe(403);
    const other = await createBusinessWithOwner(t.app);
    expect((await other.request({ method: 'PUT', url, payload: { stampPhotos: false } })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `/services/workflow/api/v2/tasks/${task.id}` })).json().stampPhotos).toBe(true);
  });
});

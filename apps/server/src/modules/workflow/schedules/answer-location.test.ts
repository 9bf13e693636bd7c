// Where an answer was given (DESIGN §7, §13): the server judges each located answer against the
// site's polygon or circle with the shared geofence code, keeps its location status (INSIDE,
// OUTSIDE, UNVERIFIED), counts only the inside ones, and lets an owner, an admin or the site's
// supervisor override an outside or unverified answer with a reason, which then counts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { actionResults } from '../../../db/schema-schedules.ts';
import { teams } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSIDE, OUTSIDE, SITE, memberAtSite, scheduled as scheduledTask, statusOf as scheduleStatus, submit } from '../../../test/answer-test-kit.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api/v1';

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;

const statusOf = (scheduleId: number) => scheduleStatus(t.app.db, scheduleId);
const scheduled = (options: Parameters<typeof scheduledTask>[3] = {}) => scheduledTask({ t, owner, siteId }, member, [{ required: true }], options);
const answer = (s: Awaited<ReturnType<typeof scheduled>>, position: Record<string, string>) =>
  submit(member, { scheduleId: String(s.schedule.id), actionId: String(s.actions[0]?.id), value: '"YES"', ...position });
const override = (caller: Caller, id: number, payload: unknown = { reason: 'GPS drifts in the basement car park' }) =>
  caller.request({ method: 'POST', url: `${W}/action-results/${id}/override`, payload: payload as Record<string, unknown> });
const rowOf = async (id: number) => (await t.app.db.select().from(actionResults).where(eq(actionResults.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
});
afterAll(() => t.close());

describe('judging an answer against the site', () => {
  it('marks an answer inside the circle INSIDE and counts it; beyond it OUTSIDE, kept and not counted', async () => {
    const s = await scheduled();
    const outside = await answer(s, OUTSIDE);
    expect(outside.json().result).toMatchObject({ locationStatus: 'OUTSIDE', outside: true, override: null, accuracy: 10 });
    expect((await statusOf(s.schedule.id)).status).toBe('pending');
    const inside = await answer(s, INSIDE);
    expect(inside.json().result).toMatchObject({ locationStatus: 'INSIDE', outside: false });
    expect(inside.json().schedule.status).toBe('done');
  });

  it('marks an answer without a position, or with one less precise than the radius, UNVERIFIED and does not count it', async () => {
    const s = await scheduled();
    expect((await answer(s, {})).json().result).toMatchObject({ locationStatus: 'UNVERIFIED', outside: true });
    const { accuracy: _, ...noAccuracy } = INSIDE;
    expect((await answer(s, noAccuracy)).json().result).toMatchObject({ locationStatus: 'UNVERIFIED', outside: true });
    expect((await answer(s, { ...INSIDE, accuracy: '201' })).json().result).toMatchObject({ locationStatus: 'UNVERIFIED', outside: true });
    expect((await statusOf(s.schedule.id)).status).toBe('pending');
    // Within the radius, a fix of 150 m proves presence at a 200 m site when the task sets no threshold.
    expect((await answer(s, { ...INSIDE, accuracy: '150' })).json().result).toMatchObject({ locationStatus: 'INSIDE', outside: false });
  });

  it("judges accuracy by the task's threshold when it has one", async () => {
    const s = await scheduled();
    const set = await owner.request({ method: 'PUT', url: `/services/workflow/api/v2/tasks/${s.task.id}/settings`, payload: { accuracyThreshold: 20 } });
    expect(set.statusCode).toBe(200);
    expect(set.json().accuracyThreshold).toBe(20);
    expect((await answer(s, { ...INSIDE, accuracy: '30' })).json().result).toMatchObject({ locationStatus: 'UNVERIFIED', outside: true });
    expect((await answer(s, { ...INSIDE, accuracy: '20' })).json().result).toMatchObject({ locationStatus: 'INSIDE', outside: false });
    // A threshold that is not a whole number of metres from 1 to 10,000 is refused and changes nothing.
    for (const accuracyThreshold of [0, 10_001, 2.5, 'near']) {
      const bad = await owner.request({ method: 'PUT', url: `/services/workflow/api/v2/tasks/${s.task.id}/settings`, payload: { accuracyThreshold } });
      expect(bad.statusCode).toBe(400);
    }
    const cleared = await owner.request({ method: 'PUT', url: `/services/workflow/api/v2/tasks/${s.task.id}/settings`, payload: { accuracyThreshold: null } });
    expect(cleared.json().accuracyThreshold).toBeNull();
  });

  it("judges by the site's polygon when it has one, the pin still giving the distance", async () => {
    // A strip 1.1 km north of the pin, 0.002° wide: the pin's own neighbourhood is outside it.
    const polygon: [number, number][] = [
      [SITE.latitude + 0.005, SITE.longitude - 0.001],
      [SITE.latitude + 0.015, SITE.longitude - 0.001],
      [SITE.latitude + 0.015, SITE.longitude + 0.001],
      [SITE.latitude + 0.005, SITE.longitude + 0.001],
    ];
    const project = await createProject(t.app, owner);
    const strip = (await createSite(t.app, owner, project.id, { ...SITE, polygon })).id;
    await placeInSite(t.app, owner, strip, member.userId);
    const s = await scheduledTask({ t, owner, siteId: strip }, member);
    const nearPin = await answer(s, INSIDE);
    expect(nearPin.json().result).toMatchObject({ locationStatus: 'OUTSIDE', outside: true });
    const inStrip = await answer(s, OUTSIDE);
    expect(inStrip.json().result).toMatchObject({ locationStatus: 'INSIDE', outside: false });
    expect(inStrip.json().result.distance).toBeGreaterThan(1000);
    expect(inStrip.json().schedule.status).toBe('done');
  });

  it('keeps no status when the task does not check location', async () => {
    const s = await scheduled({ geo: false });
    expect((await answer(s, OUTSIDE)).json().result).toMatchObject({ locationStatus: null, outside: false });
  });
});

describe('POST /action-results/{id}/override', () => {
  let admin: Caller;
  let supervisor: Caller;
  let elsewhere: Caller;
  let other: Caller;

  beforeAll(async () => {
    admin = await addMember(t.app, owner, 'ADMIN');
    supervisor = await addSupervisor(t.app, owner, [siteId]);
    const project = await createProject(t.app, owner);
    elsewhere = await addSupervisor(t.app, owner, [(await createSite(t.app, owner, project.id, SITE)).id]);
    other = await createBusinessWithOwner(t.app);
  });

  /** A schedule whose one required action was answered from outside the site. */
  async function outsideAnswer(position: Record<string, string> = OUTSIDE) {
    const s = await scheduled();
    const id = (await answer(s, position)).json<{ result: { id: number } }>().result.id;
    return { s, id };
  }

  it("lets the site's supervisor count an outside answer, records who, when and why, and moves the schedule", async () => {
    const { s, id } = await outsideAnswer();
    const before = Date.now();
    const res = await override(supervisor, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      outside: false,
      locationStatus: 'OUTSIDE',
      override: { userId: supervisor.userId, userFullName: expect.any(String), reason: 'GPS drifts in the basement car park' },
    });
    expect(Date.parse(res.json().override.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await statusOf(s.schedule.id)).status).toBe('done');
    // Read again, the answer shows it.
    expect((await owner.request({ method: 'GET', url: `${W}/action-results/${id}` })).json().override.reason).toBe('GPS drifts in the basement car park');
    // Once counted, there is nothing left to override.
    const again = await override(owner, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.answerAlreadyInside);
  });

  it('lets the owner and an admin override an unverified answer too', async () => {
    for (const caller of [owner, admin]) {
      const { s, id } = await outsideAnswer({});
      const res = await override(caller, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ outside: false, locationStatus: 'UNVERIFIED', override: { userId: caller.userId } });
      expect((await statusOf(s.schedule.id)).status).toBe('done');
    }
  });

  it('refuses an answer given inside the site (409), a member (403) and the supervisor of another site (404), changing nothing', async () => {
    const s = await scheduled();
    const inside = (await answer(s, INSIDE)).json<{ result: { id: number } }>().result.id;
    const res = await override(owner, inside);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');

    const { s: kept, id } = await outsideAnswer();
    expect((await override(member, id)).statusCode).toBe(403);
    expect((await override(elsewhere, id)).statusCode).toBe(404);
    const row = await rowOf(id);
    expect(row).toMatchObject({ outside: true, overriddenBy: null, overriddenAt: null, overrideReason: null });
    expect((await statusOf(kept.schedule.id)).status).toBe('pending');
  });

  it('says in a ticket raised from the answer whether it was unverified, or who counted it and why', async () => {
    const ticketText = async (id: number) => {
      const fired = await owner.request({ method: 'POST', url: `${W}/action-results/${id}/ticket` });
      expect(fired.statusCode).toBe(201);
      const ticket = await owner.request({ method: 'GET', url: `/services/helpdesk/api/v1/tickets/${fired.json().ticketId}` });
      return ticket.json<{ description: string }>().description;
    };
    const unverified = await outsideAnswer({});
    expect(await ticketText(unverified.id)).toContain('Location: unverified (no position); the answer is not counted.');
    const counted = await outsideAnswer();
    await override(supervisor, counted.id, { reason: 'Badge reader log shows $& at the gate' });
    expect(await ticketText(counted.id)).toMatch(/Location: \d+ m from the site; counted as given at the site by .+: Badge reader log shows \$& at the gate\./);
  });

  it('needs a reason of 3 to 500 characters', async () => {
    const { id } = await outsideAnswer();
    for (const payload of [{}, { reason: '  a ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await override(owner, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await override(owner, id, { reason: 'ab' })).json().message).toBe(MSG.overrideReasonLength);
    expect((await rowOf(id)).outside).toBe(true);
    expect((await override(owner, id, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it("answers 404 for another business's answer and for one that does not exist, changing nothing", async () => {
    const { id } = await outsideAnswer();
    const res = await override(other, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.answerNotFound);
    expect((await rowOf(id)).outside).toBe(true);
    expect((await override(owner, 999_999_999)).statusCode).toBe(404);
  });

  it('leaves a site without a geofence alone: its answers count and have nothing to override', async () => {
    const project = await createProject(t.app, owner);
    const nowhere = (await createSite(t.app, owner, project.id)).id;
    await t.app.db.update(teams).set({ radius: 50 }).where(eq(teams.id, nowhere));
    const s = await scheduledTask({ t, owner, siteId: nowhere }, member);
    const given = await answer(s, OUTSIDE);
    expect(given.json().result).toMatchObject({ locationStatus: null, outside: false });
    expect((await override(owner, given.json().result.id)).statusCode).toBe(409);
  });
});

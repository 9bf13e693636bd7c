// A member on a shared kiosk: the tablet lists only its site's members, signs one in with their
// PIN (every attempt recorded), and the session reaches their own schedules (the tracker and the
// runner: list, read, answer with a photo) and nothing else, not even a colleague's schedule.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_SESSION_MINUTES, type KioskMember } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import type { Schedule, ScheduleDetail } from '@fieldops/shared/schedules';
import { sessions } from '../../../db/schema.ts';
import { kioskSignIns } from '../../../db/schema-kiosks.ts';
import { INSIDE, answerCount, photo, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { DEVICE, enrolledKiosk, givePin, onKiosk, signInOn, type EnrolledKiosk } from '../../../test/kiosk-kit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createInvitedUser,
  createProject,
  createSite,
  createTicket,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

const W = '/services/workflow/api';
let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let supervisor: Caller;
let elsewhere: Caller;
let siteId: number;
let kiosk: EnrolledKiosk;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  siteId = (await createSite(t.app, owner, project.id, { latitude: 24.7136, longitude: 46.6753 })).id;
  const otherSite = (await createSite(t.app, owner, project.id)).id;
  member = await addMember(t.app, owner);
  colleague = await addMember(t.app, owner);
  for (const who of [member, colleague]) await placeInSite(t.app, owner, siteId, who.userId);
  supervisor = await addSupervisor(t.app, owner, [siteId]);
  elsewhere = await addMember(t.app, owner);
  await placeInSite(t.app, owner, otherSite, elsewhere.userId);
  await givePin(t.app, owner, member.userId, colleague.userId, supervisor.userId, elsewhere.userId);
  kiosk = await enrolledKiosk(t.app, owner, siteId);
});
afterAll(() => t.close());

const attemptsOf = (kioskId: number, userId: number) =>
  t.app.db
    .select({ succeeded: kioskSignIns.succeeded })
    .from(kioskSignIns)
    .where(and(eq(kioskSignIns.kioskId, kioskId), eq(kioskSignIns.userId, userId)))
    .orderBy(kioskSignIns.id);

describe('GET /v1/kiosk/members', () => {
  it("lists the kiosk's site's activated members by name, with whether each has a PIN, and no one else", async () => {
    const noPin = await addMember(t.app, owner);
    await placeInSite(t.app, owner, siteId, noPin.userId);
    const pending = await createInvitedUser(t.app, owner);
    await placeInSite(t.app, owner, siteId, pending.id);

    const res = await kiosk.device({ method: 'GET', url: `${DEVICE}/members` });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<KioskMember[]>();
    expect(names.map((m) => m.id).sort()).toEqual([member.userId, colleague.userId, supervisor.userId, noPin.userId].sort());
    expect(names.find((m) => m.id === noPin.userId)?.hasPin).toBe(false);
    expect(names.find((m) => m.id === member.userId)).toMatchObject({ hasPin: true, avatar: null, name: expect.stringContaining('Person') });
    expect(JSON.stringify(names)).not.toContain('pinHash');
  });

  it('refuses a device without a token or with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${DEVICE}/members` });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(MSG.kioskNotEnrolled);
    const wrong = await t.app.inject({ method: 'GET', url: `${DEVICE}/members`, headers: { 'x-kiosk-token': 'f'.repeat(64) } });
    expect(wrong.statusCode).toBe(401);
    // A person's sign-in token is no device token.
    const person = await member.request({ method: 'GET', url: `${DEVICE}/members` });
    expect(person.statusCode).toBe(401);
  });
});

describe('POST /v1/kiosk/sign-in', () => {
  it('signs a member in with the right PIN for a short session, refuses a wrong one, and records both', async () => {
    const wrong = await signInOn(kiosk, colleague.userId, '0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MSG.kioskPinWrong, fieldErrors: [{ field: 'pin', message: MSG.kioskPinWrong }] });
    const right = await signInOn(kiosk, colleague.userId);
    expect(right.statusCode, right.body).toBe(200);
    const body = right.json<{ id_token: string; expiresAt: string; member: { id: number } }>();
    expect(body.member.id).toBe(colleague.userId);
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(KIOSK_SESSION_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(KIOSK_SESSION_MINUTES);
    const [session] = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, colleague.userId), eq(sessions.kioskId, kiosk.id)));
    expect(session?.revokedAt).toBeNull();
    expect((await attemptsOf(kiosk.id, colleague.userId)).map((a) => a.succeeded)).toEqual([false, true]);
  });

  it('refuses a member of another site, a member without a PIN and bad input, opening no session', async () => {
    const before = await t.app.db.select().from(sessions).where(eq(sessions.kioskId, kiosk.id));
    const stranger = await signInOn(kiosk, elsewhere.userId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(MSG.kioskMemberNotFound);
    const noPin = await addMember(t.app, owner);
    await placeInSite(t.app, owner, siteId, noPin.userId);
    const unset = await signInOn(kiosk, noPin.userId, '1234');
    expect(unset.statusCode).toBe(409);
    expect(unset.json().message).toBe(MSG.kioskPinNotSet);
    for (const pin of ['123', '1234567', 'abcd']) {
      const res = await signInOn(kiosk, member.userId, pin);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'pin', message: MSG.kioskPinInvalid }]);
    }
    expect(await t.app.db.select().from(sessions).where(eq(sessions.kioskId, kiosk.id))).toEqual(before);
  });

  it('ends the session of the member signed in before: the tablet is shared', async () => {
    const first = await onKiosk(t.app, kiosk, member);
    expect((await first.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(200);
    await onKiosk(t.app, kiosk, colleague);
    expect((await first.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(401);
  });

  it('POST /v1/kiosk/sign-out ends the member session', async () => {
    const session = await onKiosk(t.app, kiosk, member);
    expect((await session.request({ method: 'POST', url: `${DEVICE}/sign-out` })).statusCode).toBe(204);
    expect((await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(401);
  });
});

describe('what a kiosk session reaches', () => {
  it('lists, reads and answers its own schedules, with a photo', async () => {
    const { schedule, actions } = await scheduled({ t, owner, siteId }, member, [{ required: true, type: 'PHOTO' }], { geo: false });
    const session = await onKiosk(t.app, kiosk, member);
    const mine = await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<Schedule[]>().map((s) => s.id)).toContain(schedule.id);
    const kpis = await session.request({ method: 'GET', url: `${W}/schedules/kpis` });
    expect(kpis.statusCode).toBe(200);
    const detail = await session.request({ method: 'GET', url: `${W}/schedules/${schedule.id}?eagerLoad=true` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<ScheduleDetail>()).toMatchObject({ id: schedule.id, canAnswer: true });
    const answer = await submit(session, { scheduleId: String(schedule.id), actionId: String(actions[0]!.id), ...INSIDE }, [photo()]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await answerCount(t.app.db, schedule.id)).toBe(1);
  });

  it("cannot reach a colleague's schedule, even signed in as the site's supervisor", async () => {
    const { schedule, actions } = await scheduled({ t, owner, siteId }, colleague, [{ required: true }], { geo: false });
    // Away from the kiosk the supervisor sees it.
    expect((await supervisor.request({ method: 'GET', url: `${W}/schedules/${schedule.id}` })).statusCode).toBe(200);
    for (const who of [member, supervisor]) {
      const session = await onKiosk(t.app, kiosk, who);
      expect((await session.request({ method: 'GET', url: `${W}/schedules/${schedule.id}?eagerLoad=true` })).statusCode).toBe(404);
      const kpis = await session.request({ method: 'GET', url: `${W}/schedules/kpis?users=${colleague.userId}` });
      expect(kpis.json<{ total: number }>().total).toBe(0);
      const answer = await submit(session, { scheduleId: String(schedule.id), actionId: String(actions[0]!.id), value: '"YES"' });
      expect(answer.statusCode).toBeGreaterThanOrEqual(403);
      expect(answer.statusCode).toBeLessThanOrEqual(404);
    }
    expect(await answerCount(t.app.db, schedule.id)).toBe(0);
  });

  it('answers 403 everywhere else: members, reports, tickets, the account, every schedule of the business', async () => {
    const ticket = await createTicket(t.app, owner);
    const session = await onKiosk(t.app, kiosk, member);
    const elsewhereCalls = [
      { method: 'GET' as const, url: '/api/v2/business-members' },
      { method: 'GET' as const, url: `/api/v1/businesses/${owner.business.id}/members` },
      { method: 'GET' as const, url: '/api/v1/account' },
      { method: 'POST' as const, url: '/api/v1/logout' },
      { method: 'GET' as const, url: `${W}/v1/report/business/${owner.business.id}/dashboard` },
      { method: 'GET' as const, url: `${W}/schedules` },
      { method: 'GET' as const, url: `/services/helpdesk/api/v1/tickets/${ticket.id}` },
      { method: 'POST' as const, url: '/services/helpdesk/api/v1/tickets', payload: { title: 'From the kiosk', description: 'x' } },
      { method: 'GET' as const, url: '/api/v1/kiosks' },
    ];
    for (const call of elsewhereCalls) {
      const res = await session.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBe(MSG.kioskOnlySchedules);
    }
    // The same token without the tablet's device token is refused too.
    const bare = await t.app.inject({ method: 'GET', url: `${W}/schedules/user-schedules`, headers: { authorization: `Bearer ${session.token}` } });
    expect(bare.statusCode).toBe(401);
    // And the member's own sign-in elsewhere is not limited.
    expect((await member.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);
  });

  it("is refused once the member is taken off the kiosk's site", async () => {
    const leaver = await addMember(t.app, owner);
    await placeInSite(t.app, owner, siteId, leaver.userId);
    await givePin(t.app, owner, leaver.userId);
    const session = await onKiosk(t.app, kiosk, leaver);
    expect((await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(200);
    const removed = await owner.request({ method: 'DELETE', url: `/api/v1/teams/${siteId}/members/${leaver.userId}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` });
    expect(after.statusCode).toBe(401);
  });
});

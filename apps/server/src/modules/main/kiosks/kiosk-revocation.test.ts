// A kiosk revoked by an administrator is refused at once, on every instance behind the load
// balancer: its device token and the member sessions open on it. PIN guesses are held to 5 wrong
// per member and 20 per kiosk in 15 minutes, counted in the database, so every instance sees them.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_PIN_LIMITS } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import { sessions } from '../../../db/schema.ts';
import { kioskSignIns, kiosks } from '../../../db/schema-kiosks.ts';
import { DEVICE, KIOSKS, deviceOf, enrolledKiosk, givePin, onKiosk, signInOn, type EnrolledKiosk } from '../../../test/kiosk-kit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, placeInSite, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';
let t: TestApp;
let second: FastifyInstance;
let owner: Caller;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  owner = await createBusinessWithOwner(t.app);
  siteId = (await createProjectAndSite(t.app, owner)).site.id;
});
afterAll(() => t.close());

/** New members of the site, each with the kit's PIN. */
async function siteMembers(n: number) {
  const members: Caller[] = [];
  for (let i = 0; i < n; i++) members.push(await addMember(t.app, owner));
  for (const m of members) await placeInSite(t.app, owner, siteId, m.userId);
  await givePin(t.app, owner, ...members.map((m) => m.userId));
  return members;
}

const failuresOn = async (kiosk: EnrolledKiosk) =>
  (await t.app.db.select().from(kioskSignIns).where(eq(kioskSignIns.kioskId, kiosk.id))).filter((s) => !s.succeeded).length;

describe('DELETE /v1/kiosks/{id}', () => {
  it('refuses the kiosk at once on every instance: its device token and its open member sessions', async () => {
    const [member] = await siteMembers(1);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    const onSecond = deviceOf(second, kiosk.id, kiosk.token);
    const here = await onKiosk(t.app, kiosk, member!);
    const there = {
      request: (o: Parameters<Caller['request']>[0]) =>
        second.inject({ ...o, headers: { ...o.headers, authorization: `Bearer ${here.token}`, 'x-kiosk-token': kiosk.token } }),
    };
    // Both instances have served the kiosk and the session (whatever they keep is warm).
    for (const call of [
      () => kiosk.device({ method: 'GET', url: `${DEVICE}/members` }),
      () => onSecond.device({ method: 'GET', url: `${DEVICE}/members` }),
      () => here.request({ method: 'GET', url: `${W}/schedules/user-schedules` }),
      () => there.request({ method: 'GET', url: `${W}/schedules/user-schedules` }),
    ])
      expect((await call()).statusCode).toBe(200);

    const revoked = await owner.request({ method: 'DELETE', url: `${KIOSKS}/${kiosk.id}` });
    expect(revoked.statusCode).toBe(204);

    for (const [label, res] of [
      ['device, second instance', await onSecond.device({ method: 'GET', url: `${DEVICE}/members` })],
      ['device, first instance', await kiosk.device({ method: 'GET', url: `${DEVICE}/members` })],
      ['sign-in, second instance', await onSecond.device({ method: 'POST', url: `${DEVICE}/sign-in`, payload: { userId: member!.userId, pin: '4826' } })],
    ] as const) {
      expect(res.statusCode, label).toBe(401);
      expect(res.json().message, label).toBe(MSG.kioskRevoked);
    }
    // The member sessions on it were ended with it.
    const open = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.kioskId, kiosk.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    expect((await there.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(401);
    expect((await here.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(401);
    const list = await owner.request({ method: 'GET', url: KIOSKS });
    expect(list.json<{ id: number; state: string }[]>().find((k) => k.id === kiosk.id)?.state).toBe('REVOKED');
  });

  it('reads the kiosk on every request: a revocation no instance was told of is refused by both, sessions left open included', async () => {
    const [member] = await siteMembers(1);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    const session = await onKiosk(t.app, kiosk, member!);
    const there = (url: string) => second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.token}`, 'x-kiosk-token': kiosk.token } });
    expect((await there(`${W}/schedules/user-schedules`)).statusCode).toBe(200);
    expect((await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` })).statusCode).toBe(200);
    // Straight in the database, as another instance's transaction would leave it: the session rows stay open.
    await t.app.db.update(kiosks).set({ revokedAt: new Date() }).where(eq(kiosks.id, kiosk.id));
    for (const res of [
      await there(`${W}/schedules/user-schedules`),
      await session.request({ method: 'GET', url: `${W}/schedules/user-schedules` }),
      await deviceOf(second, kiosk.id, kiosk.token).device({ method: 'GET', url: `${DEVICE}/members` }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.kioskRevoked);
    }
  });

  it("answers 404 for another business's kiosk and revokes nothing", async () => {
    const stranger = await createBusinessWithOwner(t.app);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    const res = await stranger.request({ method: 'DELETE', url: `${KIOSKS}/${kiosk.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.kioskNotFound);
    expect((await kiosk.device({ method: 'GET', url: `${DEVICE}/members` })).statusCode).toBe(200);
  });
});

describe('PIN guessing', () => {
  it(`refuses a member after ${KIOSK_PIN_LIMITS.perMember} wrong PINs, even the right one, on every kiosk and instance; others still sign in`, async () => {
    const [target, bystander] = await siteMembers(2);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    const other = await enrolledKiosk(t.app, owner, siteId);
    for (let i = 0; i < KIOSK_PIN_LIMITS.perMember; i++) {
      const instance = i % 2 === 0 ? kiosk : deviceOf(second, kiosk.id, kiosk.token);
      expect((await signInOn(instance, target!.userId, '1111')).statusCode).toBe(400);
    }
    const refused = await signInOn(kiosk, target!.userId);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().message).toBe(MSG.kioskTooManyPins);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(KIOSK_PIN_LIMITS.windowMinutes * 60);
    // The count is the member's, on any kiosk.
    expect((await signInOn(other, target!.userId)).statusCode).toBe(429);
    expect((await signInOn(kiosk, bystander!.userId)).statusCode).toBe(200);
    expect(await failuresOn(kiosk)).toBe(KIOSK_PIN_LIMITS.perMember + 1);
  });

  it("forgets a member's wrong PINs once they type the right one", async () => {
    const [forgetful] = await siteMembers(1);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < KIOSK_PIN_LIMITS.perMember - 1; i++) expect((await signInOn(kiosk, forgetful!.userId, '9999')).statusCode).toBe(400);
      expect((await signInOn(kiosk, forgetful!.userId)).statusCode).toBe(200);
    }
  });

  it(`refuses a kiosk after ${KIOSK_PIN_LIMITS.perKiosk} wrong PINs among its members, until the window ends`, async () => {
    const perMember = KIOSK_PIN_LIMITS.perMember - 1;
    const guessed = await siteMembers(Math.ceil(KIOSK_PIN_LIMITS.perKiosk / perMember));
    const [fresh] = await siteMembers(1);
    const kiosk = await enrolledKiosk(t.app, owner, siteId);
    const other = await enrolledKiosk(t.app, owner, siteId);
    let wrong = 0;
    for (const m of guessed) {
      for (let i = 0; i < perMember && wrong < KIOSK_PIN_LIMITS.perKiosk; i++, wrong++) {
        expect((await signInOn(kiosk, m.userId, '0000')).statusCode).toBe(400);
      }
    }
    const refused = await signInOn(kiosk, fresh!.userId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.kioskTooManyPins);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another kiosk of the site is not held back by this one's guesses.
    expect((await signInOn(other, fresh!.userId)).statusCode).toBe(200);
  });
});

// Kiosks as administrators run them: a kiosk for a site with a code shown once and kept hashed,
// enrolment that works once and only while the code is fresh, the list and the sign-ins, revoking,
// and members' PINs (set by an administrator or by the member at activation). Only owners and
// admins manage kiosks, and another business's kiosks are never found.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_CODE_ALPHABET, KIOSK_CODE_LENGTH, type Kiosk, type KioskSignInRecord } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers } from '../../../db/schema.ts';
import { kiosks } from '../../../db/schema-kiosks.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { hashKey } from '../../../lib/tokens.ts';
import { DEVICE, KIOSKS, createKiosk, enrolledKiosk, givePin, signInOn } from '../../../test/kiosk-kit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createInvitedUser, createProjectAndSite, placeInSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'Nile Cleaning');
  admin = await addMember(t.app, owner, 'ADMIN');
  member = await addMember(t.app, owner);
  siteId = (await createProjectAndSite(t.app, owner, 'North Gate')).site.id;
  await placeInSite(t.app, owner, siteId, member.userId);
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

const enrol = (code: string) => t.app.inject({ method: 'POST', url: `${DEVICE}/enrol`, payload: { code } });
const kioskCount = async () => (await t.app.db.select({ n: count() }).from(kiosks).where(eq(kiosks.businessId, owner.business.id)))[0].n;
const pinHashOf = async (businessId: number, userId: number) =>
  (
    await t.app.db
      .select({ hash: businessMembers.kioskPinHash })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  )[0]?.hash;

describe('POST /v1/kiosks', () => {
  it('makes a pending kiosk for a site, with a code of unambiguous characters shown once and kept only hashed', async () => {
    const res = await admin.request({ method: 'POST', url: KIOSKS, payload: { teamId: siteId, name: 'Gate tablet' } });
    expect(res.statusCode, res.body).toBe(201);
    const { kiosk, enrolmentCode } = res.json<{ kiosk: Kiosk; enrolmentCode: string }>();
    expect(enrolmentCode).toHaveLength(KIOSK_CODE_LENGTH);
    expect([...enrolmentCode].every((c) => KIOSK_CODE_ALPHABET.includes(c))).toBe(true);
    expect(kiosk).toMatchObject({ name: 'Gate tablet', teamId: siteId, siteName: 'North Gate', state: 'PENDING', enrolledAt: null, lastSignIn: null });
    const hoursLeft = (Date.parse(kiosk.codeExpiresAt ?? '') - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const [row] = await t.app.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(row.codeHash).toBe(hashKey(enrolmentCode));
    expect(JSON.stringify(row)).not.toContain(enrolmentCode);
  });

  it('refuses bad input and a site of another business, making nothing', async () => {
    const before = await kioskCount();
    const blank = await owner.request({ method: 'POST', url: KIOSKS, payload: { teamId: siteId, name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([{ field: 'name', message: MSG.required }]);
    const noSite = await owner.request({ method: 'POST', url: KIOSKS, payload: { name: 'Gate tablet' } });
    expect(noSite.statusCode).toBe(400);
    const foreignSite = (await createProjectAndSite(t.app, other)).site.id;
    const foreign = await owner.request({ method: 'POST', url: KIOSKS, payload: { teamId: foreignSite, name: 'Gate tablet' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    expect(foreign.json().message).toBe(MSG.siteNotFound);
    expect(await kioskCount()).toBe(before);
  });

  it('is for owners and admins only', async () => {
    const { kiosk } = await createKiosk(owner, siteId);
    const calls = [
      { method: 'POST' as const, url: KIOSKS, payload: { teamId: siteId, name: 'Mine' } },
      { method: 'GET' as const, url: KIOSKS },
      { method: 'GET' as const, url: `${KIOSKS}/${kiosk.id}/sign-ins` },
      { method: 'DELETE' as const, url: `${KIOSKS}/${kiosk.id}` },
      { method: 'PUT' as const, url: `/api/v1/users/${member.userId}/kiosk-pin`, payload: { pin: '1234' } },
    ];
    for (const call of calls) expect((await member.request(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    expect((await t.app.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id)))[0].revokedAt).toBeNull();
    expect(await pinHashOf(owner.business.id, member.userId)).toBeNull();
  });
});

describe('POST /v1/kiosk/enrol', () => {
  it('enrols the tablet once with its code, typed in any case and grouping, and refuses the code a second time', async () => {
    const { kiosk, enrolmentCode } = await createKiosk(owner, siteId, 'Entrance tablet');
    const typed = `${enrolmentCode.slice(0, 5).toLowerCase()}-${enrolmentCode.slice(5)}`;
    const first = await enrol(typed);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ token: string; kiosk: unknown }>();
    expect(body.kiosk).toEqual({ id: kiosk.id, name: 'Entrance tablet', siteName: 'North Gate', businessName: 'Nile Cleaning', timeZone: 'UTC' });
    expect(body.token).toMatch(/^[a-f0-9]{64}$/);
    const [row] = await t.app.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(row.deviceTokenHash).toBe(hashKey(body.token));
    expect(row.enrolledAt).not.toBeNull();

    const second = await enrol(enrolmentCode);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.kioskCodeUsed);
    // The first tablet's token still works; no second one was made.
    expect((await t.app.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id)))[0].deviceTokenHash).toBe(hashKey(body.token));
    const list = await t.app.inject({ method: 'GET', url: `${DEVICE}/members`, headers: { 'x-kiosk-token': body.token } });
    expect(list.statusCode).toBe(200);
  });

  it('refuses an expired code, a revoked kiosk and an unknown code, enrolling nothing', async () => {
    const expired = await createKiosk(owner, siteId);
    await t.app.db
      .update(kiosks)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(kiosks.id, expired.kiosk.id));
    const late = await enrol(expired.enrolmentCode);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MSG.kioskCodeExpired);

    const revoked = await createKiosk(owner, siteId);
    expect((await owner.request({ method: 'DELETE', url: `${KIOSKS}/${revoked.kiosk.id}` })).statusCode).toBe(204);
    const refused = await enrol(revoked.enrolmentCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.kioskRevoked);

    const unknown = await enrol('ABCDEFGHJK');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.kioskCodeNotFound);
    const blank = await enrol(' ');
    expect(blank.statusCode).toBe(400);

    const rows = await t.app.db.select().from(kiosks).where(eq(kiosks.businessId, owner.business.id));
    for (const id of [expired.kiosk.id, revoked.kiosk.id]) expect(rows.find((r) => r.id === id)?.deviceTokenHash).toBeNull();
  });
});

describe('GET /v1/kiosks and GET /v1/kiosks/{id}/sign-ins', () => {
  it("lists the business's kiosks with their site, state, last contact and last sign-in, and each one's attempts", async () => {
    const business = await createBusinessWithOwner(t.app);
    const site = (await createProjectAndSite(t.app, business, 'Harbour')).site.id;
    const worker = await addMember(t.app, business);
    const guesser = await addMember(t.app, business);
    for (const who of [worker, guesser]) await placeInSite(t.app, business, site, who.userId);
    await givePin(t.app, business, worker.userId, guesser.userId);
    const pending = await createKiosk(business, site, 'Spare tablet');
    const used = await enrolledKiosk(t.app, business, site, 'Dock tablet');
    expect((await signInOn(used, worker.userId, '0000')).statusCode).toBe(400);
    expect((await signInOn(used, worker.userId)).statusCode).toBe(200);
    // A wrong PIN afterwards is no sign-in.
    expect((await signInOn(used, guesser.userId, '0000')).statusCode).toBe(400);
    const gone = await enrolledKiosk(t.app, business, site, 'Old tablet');
    await business.request({ method: 'DELETE', url: `${KIOSKS}/${gone.id}` });

    const res = await business.request({ method: 'GET', url: `${KIOSKS}?size=2` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const page = res.json<Kiosk[]>();
    expect(page.map((k) => [k.name, k.state])).toEqual([
      ['Old tablet', 'REVOKED'],
      ['Dock tablet', 'ENROLLED'],
    ]);
    const dock = page[1];
    expect(dock.siteName).toBe('Harbour');
    expect(dock.codeExpiresAt).toBeNull();
    expect(Date.parse(dock.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(dock.lastSignIn).toMatchObject({ userId: worker.userId, name: expect.stringContaining('Person') });
    const rest = await business.request({ method: 'GET', url: `${KIOSKS}?size=2&page=1` });
    expect(rest.json<Kiosk[]>().map((k) => [k.id, k.state, k.lastSignIn])).toEqual([[pending.kiosk.id, 'PENDING', null]]);

    const signIns = await business.request({ method: 'GET', url: `${KIOSKS}/${used.id}/sign-ins` });
    expect(signIns.statusCode).toBe(200);
    expect(signIns.headers['x-total-count']).toBe('3');
    expect(signIns.json<KioskSignInRecord[]>().map((s) => [s.userId, s.succeeded])).toEqual([
      [guesser.userId, false],
      [worker.userId, true],
      [worker.userId, false],
    ]);
    // Another business sees none of them.
    expect((await other.request({ method: 'GET', url: KIOSKS })).json<Kiosk[]>().map((k) => k.id)).not.toContain(used.id);
  });

  it("answers 404 for another business's kiosk, and for bad ids 400, changing nothing", async () => {
    const theirs = await enrolledKiosk(t.app, other, (await createProjectAndSite(t.app, other)).site.id);
    for (const call of [
      { method: 'GET' as const, url: `${KIOSKS}/${theirs.id}/sign-ins` },
      { method: 'DELETE' as const, url: `${KIOSKS}/${theirs.id}` },
    ]) {
      const res = await owner.request(call);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.kioskNotFound);
    }
    expect((await owner.request({ method: 'DELETE', url: `${KIOSKS}/abc` })).statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: `${KIOSKS}?size=0` })).statusCode).toBe(400);
    expect((await t.app.db.select().from(kiosks).where(eq(kiosks.id, theirs.id)))[0].revokedAt).toBeNull();
    expect((await theirs.device({ method: 'GET', url: `${DEVICE}/members` })).statusCode).toBe(200);
  });
});

describe('PINs', () => {
  it("lets an administrator set a member's PIN of 4 to 6 digits, kept as an argon2id hash", async () => {
    const res = await admin.request({ method: 'PUT', url: `/api/v1/users/${member.userId}/kiosk-pin`, payload: { pin: '907153' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.kioskPinSaved });
    const hash = await pinHashOf(owner.business.id, member.userId);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash ?? '', '907153')).toBe(true);
  });

  it('refuses a PIN that is not 4 to 6 digits, and a person outside the business, changing nothing', async () => {
    const before = await pinHashOf(owner.business.id, member.userId);
    for (const pin of ['123', '1234567', '12a4', '', ' 1234', 1234]) {
      const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${member.userId}/kiosk-pin`, payload: { pin } });
      expect(res.statusCode, String(pin)).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'pin', message: MSG.kioskPinInvalid }]);
    }
    expect(await pinHashOf(owner.business.id, member.userId)).toBe(before);
    const outsider = await addMember(t.app, other);
    const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${outsider.userId}/kiosk-pin`, payload: { pin: '1234' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.userNotFound);
    expect(await pinHashOf(other.business.id, outsider.userId)).toBeNull();
  });

  it('lets a member choose their own PIN when they activate their account, and refuses a bad one', async () => {
    const pending = await createInvitedUser(t.app, owner);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activate',
      payload: { key: pending.activationKey, name: 'Huda Saleh', password: 'river-lantern-42', pin: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([{ field: 'pin', message: MSG.kioskPinInvalid }]);
    expect(await pinHashOf(owner.business.id, pending.id)).toBeNull();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activate',
      payload: { key: pending.activationKey, name: 'Huda Saleh', password: 'river-lantern-42', pin: '5501' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await verifyPassword((await pinHashOf(owner.business.id, pending.id)) ?? '', '5501')).toBe(true);
  });
});

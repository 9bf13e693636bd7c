import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSecurity, userTotp } from '../../../db/schema-integrations.ts';
import { events } from '../../../db/schema-platform.ts';
import { idempotencyKeys } from '../../../db/schema.ts';
import { createCast } from '../../../test/cast.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, createUser, signIn } from '../../../test/factories.ts';
import { asUser, codeFor, enableTwoFactor, userWithTwoFactor, wrongCodeFor } from './two-factor-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = (token: string) => asUser(t.app, token, 'GET', '/api/v1/account/two-factor');

describe('setting up two-factor from the profile', () => {
  it('enrols with a secret, QR and otpauth address, confirms with a code and hands out recovery codes once', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user.username);
    expect((await status(token)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const started = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/enrolment');
    expect(started.statusCode).toBe(200);
    const { secret, uri, qrCode } = started.json();
    expect(uri).toBe(`otpauth://totp/FieldOps:${user.username}?issuer=FieldOps&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed: signing in still needs no code.
    expect((await status(token)).json().enabled).toBe(false);

    const wrong = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/confirm', { code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual([{ field: 'code', message: 'This code is not right. Check your authenticator app and try again' }]);
    expect((await status(token)).json().enabled).toBe(false);

    // Sent with an Idempotency-Key (the web client sends one with every change), the answer is still not kept for a replay.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/two-factor/confirm',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'confirm-key-1' },
      payload: { code: codeFor(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toEqual([]);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await status(token)).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // The codes are kept hashed: none of them is in the database as shown.
    const stored = await t.app.db.execute(sql`select code_hash from recovery_codes where user_id = ${user.id}`);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    // Once on, no second enrolment and no second confirmation; the status never shows the secret.
    expect((await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/enrolment')).statusCode).toBe(409);
    const again = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/confirm', { code: codeFor(secret, 1) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-factor sign-in is already on');
    expect((await status(token)).body).not.toContain(secret);

    const [event] = await t.app.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'two_factor.enabled'), eq(events.actorId, user.id)));
    expect(event).toBeUndefined(); // a person with no business has no audit log to write to
  });

  it('refuses a confirmation before an enrolment, and bad codes with a clear message', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user.username);
    const early = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/confirm', { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start setting up two-factor sign-in first');
    for (const payload of [{}, { code: 'abcdef' }, { code: '12345' }, { code: 123456 }]) {
      const res = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/confirm', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter the 6-digit code from your authenticator app');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/two-factor' })).statusCode).toBe(401);
  });

  it('records enabling, new recovery codes and disabling in each business of the person, without secrets', async () => {
    const { owner } = await createCast(t.app, {});
    const { secret, recoveryCodes } = await enableTwoFactor(t.app, owner.token);
    const regenerated = await asUser(t.app, owner.token, 'POST', '/api/v1/account/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(regenerated.statusCode).toBe(200);
    // Regenerating needs a current code: a used or wrong one is refused.
    const reused = await asUser(t.app, owner.token, 'POST', '/api/v1/account/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors).toEqual([{ field: 'code', message: 'This code has already been used. Wait for the next one' }]);
    const disabled = await asUser(t.app, owner.token, 'POST', '/api/v1/account/two-factor/disable', { password: PASSWORD });
    expect(disabled.statusCode).toBe(204);
    expect((await status(owner.token)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const rows = await t.app.db
      .select({ kind: events.kind, data: events.data })
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), inArray(events.kind, ['two_factor.enabled', 'two_factor.disabled', 'recovery_codes.regenerated'])))
      .orderBy(events.id);
    expect(rows.map((r) => r.kind)).toEqual(['two_factor.enabled', 'recovery_codes.regenerated', 'two_factor.disabled']);
    expect(rows[0].data).toMatchObject({ target: { type: 'user', id: owner.userId } });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(recoveryCodes[0]);
  });
});

describe('turning two-factor off', () => {
  it('needs a current code or the password, and then signing in needs no code', async () => {
    const { user, token, secret } = await userWithTwoFactor(t.app);
    const noProof = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/disable', {});
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().message).toBe('Enter a current code or your password');
    const wrongPassword = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/disable', { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual([{ field: 'password', message: 'Current password is incorrect' }]);
    const wrongCode = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/disable', { code: wrongCodeFor(secret) });
    expect(wrongCode.statusCode).toBe(400);
    expect((await status(token)).json().enabled).toBe(true);

    const off = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/disable', { code: codeFor(secret) });
    expect(off.statusCode).toBe(204);
    expect(await t.app.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user.username, password: PASSWORD } });
    expect(login.json().id_token).toEqual(expect.any(String));
    const twice = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/disable', { password: PASSWORD });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Two-factor sign-in is not on');
  });

  it('is refused while a business of theirs requires it of their role; a member of it may', async () => {
    const { owner, admin, member } = await createCast(t.app, { admin: true, member: true });
    const adminSecret = (await enableTwoFactor(t.app, admin.token)).secret;
    const memberSecret = (await enableTwoFactor(t.app, member.token)).secret;
    await owner.request({ method: 'PUT', url: '/api/v1/business/security', payload: { requireTwoFactor: true, auditRetentionDays: 90 } });

    expect((await status(admin.token)).json().required).toBe(true);
    const refused = await asUser(t.app, admin.token, 'POST', '/api/v1/account/two-factor/disable', { code: codeFor(adminSecret) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A business you belong to requires two-factor sign-in for your role, so it cannot be turned off');
    expect((await status(admin.token)).json().enabled).toBe(true);

    expect((await status(member.token)).json().required).toBe(false);
    const memberOff = await asUser(t.app, member.token, 'POST', '/api/v1/account/two-factor/disable', { code: codeFor(memberSecret) });
    expect(memberOff.statusCode).toBe(204);
  });
});

describe('GET/PUT /api/v1/business/security', () => {
  it('answers the defaults, saves the settings and records the change with before and after', async () => {
    const { owner, admin } = await createCast(t.app, { admin: true });
    const get = await owner.request({ method: 'GET', url: '/api/v1/business/security' });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ requireTwoFactor: false, auditRetentionDays: 365 });

    const put = await admin.request({ method: 'PUT', url: '/api/v1/business/security', payload: { requireTwoFactor: true, auditRetentionDays: 30 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ requireTwoFactor: true, auditRetentionDays: 30 });
    expect((await owner.request({ method: 'GET', url: '/api/v1/business/security' })).json()).toEqual({ requireTwoFactor: true, auditRetentionDays: 30 });

    const [event] = await t.app.db
      .select()
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), eq(events.kind, 'security.updated')));
    expect(event.actorId).toBe(admin.userId);
    expect(event.data).toEqual({
      target: { type: 'business', id: owner.business.id },
      before: { requireTwoFactor: false, auditRetentionDays: 365 },
      after: { requireTwoFactor: true, auditRetentionDays: 30 },
    });
  });

  it('refuses days out of 30 to 3650 and bad values, changing nothing', async () => {
    const { owner } = await createCast(t.app, {});
    for (const [payload, message] of [
      [{ requireTwoFactor: true, auditRetentionDays: 29 }, 'This must be at least 30'],
      [{ requireTwoFactor: true, auditRetentionDays: 3651 }, 'This must be at most 3650'],
      [{ requireTwoFactor: true, auditRetentionDays: 100.5 }, 'Invalid data'],
      [{ requireTwoFactor: 'yes', auditRetentionDays: 100 }, 'Invalid data'],
      [{ requireTwoFactor: true }, 'Invalid data'],
    ] as const) {
      const res = await owner.request({ method: 'PUT', url: '/api/v1/business/security', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors?.[0]?.message ?? res.json().message).toBe(message);
    }
    expect(await t.app.db.select().from(businessSecurity).where(eq(businessSecurity.businessId, owner.business.id))).toEqual([]);
  });

  it('is for owners and administrators, each for their own business only', async () => {
    const { owner, member, other } = await createCast(t.app, { member: true, other: true });
    for (const method of ['GET', 'PUT'] as const) {
      const res = await member.request({ method, url: '/api/v1/business/security', payload: { requireTwoFactor: true, auditRetentionDays: 100 } });
      expect(res.statusCode).toBe(403);
    }
    // Another business's key is refused; its own key changes only its own settings.
    const foreign = await other.request({
      method: 'PUT',
      url: '/api/v1/business/security',
      headers: { 'x-api-key': owner.business.apiKey },
      payload: { requireTwoFactor: true, auditRetentionDays: 100 },
    });
    expect(foreign.statusCode).toBe(403);
    await other.request({ method: 'PUT', url: '/api/v1/business/security', payload: { requireTwoFactor: true, auditRetentionDays: 100 } });
    expect((await owner.request({ method: 'GET', url: '/api/v1/business/security' })).json()).toEqual({ requireTwoFactor: false, auditRetentionDays: 365 });
  });
});

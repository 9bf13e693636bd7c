import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChallenges } from '../../../db/schema-integrations.ts';
import { events } from '../../../db/schema-platform.ts';
import { businessMembers } from '../../../db/schema.ts';
import { createBusinessWithOwner, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { asUser, codeFor, login, secondStep, userWithTwoFactor, wrongCodeFor } from './two-factor-test-kit.ts';
import { CHALLENGE_MAX_ATTEMPTS, completeSignIn } from './two-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The second step a right password answers for a person with two-factor on. */
async function challengeOf(username: string, address = '10.9.0.1') {
  const res = await login(t.app, username, address);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ twoFactor: string; challenge: string; id_token?: string }>();
  expect(body.id_token).toBeUndefined();
  return body;
}

const accountOf = (token: string) => asUser(t.app, token, 'GET', '/api/v1/account');

describe('signing in with two-factor on', () => {
  it('answers a second step instead of a token, and a right code turns it into a session', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const step = await challengeOf(user.username);
    expect(step.twoFactor).toBe('required');
    expect(step.challenge).toMatch(/^[a-f0-9]{64}$/);

    const res = await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().recoveryCodes).toBeUndefined();
    const account = await accountOf(res.json().id_token);
    expect(account.json().id).toBe(user.id);
  });

  it('refuses a code used once already, and an older one, on a new challenge too', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const code = codeFor(secret);
    const first = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, code });
    expect(first.statusCode).toBe(200);

    for (const again of [code, codeFor(secret, -1)]) {
      const res = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, code: again });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().message).toBe('This code has already been used. Wait for the next one');
    }
    // The next code still works.
    const next = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, code: codeFor(secret, 1) });
    expect(next.statusCode).toBe(200);
  });

  it('lets only one of two requests sending the same code at once through', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const code = codeFor(secret);
    const [a, b] = [await challengeOf(user.username), await challengeOf(user.username)];
    const replies = await Promise.all([secondStep(t.app, { challenge: a.challenge, code }), secondStep(t.app, { challenge: b.challenge, code })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a wrong code, ends the challenge after a few, and records the failures', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const step = await challengeOf(user.username, '10.9.1.1');
    const wrong = wrongCodeFor(secret);
    for (let i = 1; i <= CHALLENGE_MAX_ATTEMPTS; i++) {
      const res = await secondStep(t.app, { challenge: step.challenge, code: wrong }, '10.9.1.1');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(
        i < CHALLENGE_MAX_ATTEMPTS ? 'This code is not right. Check your authenticator app and try again' : 'Too many wrong codes. Please sign in again',
      );
    }
    // Even the right code is too late for this challenge.
    const late = await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret) }, '10.9.1.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Please sign in again');
  });

  it('throttles wrong codes like passwords, per account and address, with Retry-After', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const wrong = wrongCodeFor(secret);
    const statuses: number[] = [];
    // Fresh challenges each time (a challenge alone dies after a few), from one address.
    for (let i = 0; i < 4; i++) {
      const step = await challengeOf(user.username, '10.9.2.1');
      for (let j = 0; j < 3; j++) statuses.push((await secondStep(t.app, { challenge: step.challenge, code: wrong }, '10.9.2.1')).statusCode);
    }
    expect(statuses).toContain(429);
    const refused = await secondStep(t.app, { challenge: (await challengeOf(user.username, '10.9.2.2')).challenge, code: wrong }, '10.9.2.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps a challenge for minutes and once: a used or expired one is refused', async () => {
    const { user, secret } = await userWithTwoFactor(t.app);
    const step = await challengeOf(user.username);
    expect((await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret) })).statusCode).toBe(200);
    const reused = await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret, 1) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('This sign-in has expired. Please sign in again');

    const old = await challengeOf(user.username);
    const [row] = await t.app.db.select().from(signInChallenges).where(eq(signInChallenges.userId, user.id)).orderBy(signInChallenges.id).limit(10);
    expect(row).toBeDefined();
    await t.app.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, user.id));
    const expired = await secondStep(t.app, { challenge: old.challenge, code: codeFor(secret, 1) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This sign-in has expired. Please sign in again');
    for (const challenge of ['', 'not-a-challenge', 'a'.repeat(300)]) {
      const res = await secondStep(t.app, { challenge, code: '123456' });
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json().message).toBe('This sign-in has expired. Please sign in again');
    }
  });

  it('refuses bad input with a clear message', async () => {
    const { user } = await userWithTwoFactor(t.app);
    const step = await challengeOf(user.username);
    for (const payload of [{ challenge: step.challenge }, { challenge: step.challenge, code: '12ab56' }, { challenge: step.challenge, code: '1234567' }]) {
      const res = await secondStep(t.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter the 6-digit code from your authenticator app');
    }
    const badRecovery = await secondStep(t.app, { challenge: step.challenge, recoveryCode: '!!' });
    expect(badRecovery.statusCode).toBe(400);
    expect(badRecovery.json().message).toBe('This recovery code is not valid or has already been used');
  });
});

describe('recovery codes', () => {
  it('signs in with a recovery code once; regenerating replaces every code', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor(t.app);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [first, second] = recoveryCodes;

    // Typed in capitals and without the dash, it is the same code.
    const res = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, recoveryCode: first.replace('-', '').toUpperCase() });
    expect(res.statusCode).toBe(200);
    const token = res.json().id_token;
    expect((await asUser(t.app, token, 'GET', '/api/v1/account/two-factor')).json()).toEqual({ enabled: true, recoveryCodesLeft: 9, required: false });

    const again = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, recoveryCode: first });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This recovery code is not valid or has already been used');

    const regenerated = await asUser(t.app, token, 'POST', '/api/v1/account/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, recoveryCode: second });
    expect(old.statusCode).toBe(401);
    const renewed = await secondStep(t.app, { challenge: (await challengeOf(user.username)).challenge, recoveryCode: fresh[0] });
    expect(renewed.statusCode).toBe(200);
  });
});

describe('a business that requires two-factor of owners and administrators', () => {
  it('makes an owner without it enrol at sign-in, then signs them in; a plain member is not affected', async () => {
    const owner = await createBusinessWithOwner(t.app);
    const member = await createUser(t.app);
    await t.app.db.insert(businessMembers).values({ businessId: owner.business.id, userId: member.id, role: 'MEMBER' });
    const put = await owner.request({ method: 'PUT', url: '/api/v1/business/security', payload: { requireTwoFactor: true, auditRetentionDays: 365 } });
    expect(put.statusCode).toBe(200);

    const memberLogin = await login(t.app, member.username);
    expect(memberLogin.json().id_token).toEqual(expect.any(String));

    const step = await challengeOf(owner.username);
    expect(step.twoFactor).toBe('enrol');
    // No code can be checked before the enrolment starts.
    const early = await secondStep(t.app, { challenge: step.challenge, code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start setting up two-factor sign-in first');

    const enrolment = await t.app.inject({ method: 'POST', url: '/api/authenticate/two-factor/enrolment', payload: { challenge: step.challenge } });
    expect(enrolment.statusCode).toBe(200);
    const { secret, uri, qrCode } = enrolment.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/FieldOps:${owner.username}\\?.*secret=${secret}`));
    expect(uri).toContain('issuer=FieldOps');
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await secondStep(t.app, { challenge: step.challenge, code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(401);
    const done = await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await accountOf(done.json().id_token)).json().id).toBe(owner.userId);

    // From now on the owner signs in with a code.
    expect((await challengeOf(owner.username)).twoFactor).toBe('required');
    // A challenge that is not an enrolment starts none.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate/two-factor/enrolment',
      payload: { challenge: (await challengeOf(owner.username)).challenge },
    });
    expect(other.statusCode).toBe(409);

    const kinds = await t.app.db
      .select({ kind: events.kind, data: events.data })
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), eq(events.actorId, owner.userId)));
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['security.updated', 'two_factor.enabled', 'auth.signed_in', 'auth.sign_in_failed']));
    // The owner's first sign-in (before the requirement) by password, then only the one completed by a code:
    // a right password that leads to a second step is not a sign-in yet.
    const signIns = kinds.filter((k) => k.kind === 'auth.signed_in').map((k) => (k.data as { after?: { method?: string } }).after?.method);
    expect(signIns.sort()).toEqual(['password', 'two_factor']);
    expect(JSON.stringify(kinds)).not.toContain(secret);
  });
});

describe('completeSignIn', () => {
  it('opens a session for a person without two-factor, and answers a challenge for one with it', async () => {
    const plain = await createUser(t.app);
    const direct = await completeSignIn(t.app, plain.id, { rememberMe: false, method: 'sso' });
    expect('id_token' in direct && (await accountOf(direct.id_token)).json().id).toBe(plain.id);

    const { user, secret } = await userWithTwoFactor(t.app);
    const step = await completeSignIn(t.app, user.id, { rememberMe: true, method: 'sso' });
    expect(step).toMatchObject({ twoFactor: 'required', challenge: expect.any(String) });
    const [row] = await t.app.db.select().from(signInChallenges).where(eq(signInChallenges.userId, user.id)).orderBy(signInChallenges.id);
    expect(row).toMatchObject({ method: 'sso', rememberMe: true, mustEnrol: false, usedAt: null });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    if (!('challenge' in step)) throw new Error('a challenge was expected');
    const res = await secondStep(t.app, { challenge: step.challenge, code: codeFor(secret) });
    expect(res.statusCode).toBe(200);
  });
});

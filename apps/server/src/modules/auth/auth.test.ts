import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCast } from '../../test/cast.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: object, remoteAddress = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/api/authenticate', payload, remoteAddress });

describe('POST /api/authenticate', () => {
  it('signs in with the username or the e-mail, in any case', async () => {
    const user = await createUser(t.app);
    for (const username of [user.username, user.email, user.email.toUpperCase()]) {
      const res = await login({ username, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const token = res.json().id_token;
      const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${token}` } });
      expect(account.json().id).toBe(user.id);
    }
  });

  it('answers the missing-fields message when a field is empty', async () => {
    for (const payload of [{}, { username: 'someone' }, { password: 'x' }, { username: '  ', password: 'x' }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().message).toBe('Username or Password is missing');
    }
  });

  it('refuses a wrong password or an unknown user with one message', async () => {
    const user = await createUser(t.app);
    for (const payload of [
      { username: user.username, password: 'wrong-password' },
      { username: 'nobody-here', password: PASSWORD },
    ]) {
      const res = await login(payload, '10.0.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
    }
  });

  it('refuses a member who has not activated their account', async () => {
    const user = await createUser(t.app, { activated: false, activationKey: 'k-not-active' });
    const res = await login({ username: user.username, password: PASSWORD }, '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your account is not activated yet');
  });

  it('rejects tokens that are forged or missing', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication failed');
    }
  });
});

describe('throttling failed sign-ins', () => {
  const attempt = (app: TestApp['app'], username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password }, remoteAddress });

  it('locks an account after 10 failures from any addresses, for everyone, with Retry-After; other accounts are untouched', async () => {
    const victim = await createUser(t.app);
    const bystander = await createUser(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await attempt(t.app, victim.username, `guess-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await attempt(t.app, victim.username, PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['content-type']).toContain('application/problem+json');
    expect(locked.json().message).toBe('Too many failed sign-ins for this account. Try again later or ask an administrator to unlock it.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await attempt(t.app, bystander.username, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it("does not let a good sign-in to the attacker's own account reset the count of the account under attack", async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    const address = '10.2.0.1';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await attempt(t.app, victim.username, `guess-${round}-${i}`, address);
      expect((await attempt(t.app, attacker.username, PASSWORD, address)).statusCode).toBe(200);
    }
    // 12 guesses were tried against the victim: the account locked at the tenth.
    expect((await attempt(t.app, victim.username, PASSWORD, '10.2.9.9')).statusCode).toBe(429);
  });

  it('refuses an address after 30 failures across accounts; the owner of an account signs in from their own address', async () => {
    const owner = await createUser(t.app);
    for (let i = 0; i < 30; i++) await attempt(t.app, `nobody-${i}`, 'wrong-pass', '10.3.0.1');
    const blocked = await attempt(t.app, owner.username, PASSWORD, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(t.app, owner.username, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('counts failures on one instance against sign-ins on another, and an admin can unlock the account', async () => {
    const { owner: business, member } = await createCast(t.app, { member: true });
    const second = await t.secondInstance();
    for (let i = 0; i < 10; i++) await attempt(i % 2 ? t.app : second, member.username, `guess-${i}`, `10.4.0.${i}`);
    expect((await attempt(second, member.username, PASSWORD, '10.4.1.1')).statusCode).toBe(429);
    const lock = await business.request({ method: 'GET', url: `/api/v1/users/${member.userId}/sign-in-lock` });
    expect(lock.json()).toEqual({ locked: true, until: expect.any(String) });
    expect((await member.request({ method: 'DELETE', url: `/api/v1/users/${member.userId}/sign-in-lock` })).statusCode).toBe(403);
    expect((await business.request({ method: 'DELETE', url: `/api/v1/users/${member.userId}/sign-in-lock` })).statusCode).toBe(204);
    expect((await business.request({ method: 'GET', url: `/api/v1/users/${member.userId}/sign-in-lock` })).json()).toEqual({ locked: false, until: null });
    expect((await attempt(t.app, member.username, PASSWORD, '10.4.1.1')).statusCode).toBe(200);
  });
});

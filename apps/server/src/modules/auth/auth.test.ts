import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { createLoginLimiter } from './login-limiter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/authenticate', payload, remoteAddress });

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
    for (const payload of [{ username: user.username, password: 'wrong-password' }, { username: 'nobody-here', password: PASSWORD }]) {
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

  it('rate limits repeated failures from one address, and only that address', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await login({ username: user.username, password: 'nope' }, '10.9.9.9')).statusCode).toBe(401);
    }
    const blocked = await login({ username: user.username, password: PASSWORD }, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    expect((await login({ username: user.username, password: PASSWORD }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('rejects tokens that are forged or missing', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication failed');
    }
  });
});

describe('login limiter', () => {
  it('forgets failures when the window ends and after a success', () => {
    let now = 0;
    const limiter = createLoginLimiter(2, 1000, () => now);
    limiter.fail('a');
    limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(true);
    now = 1001;
    expect(limiter.isBlocked('a')).toBe(false);
    limiter.fail('a');
    limiter.succeed('a');
    limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(false);
  });
});

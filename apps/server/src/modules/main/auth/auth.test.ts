import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, PASSWORD } from '../../../test/factories.ts';

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

describe('throttling password guesses', () => {
  const attempt = (app: TestApp['app'], username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password }, remoteAddress });
  /**
   * How many of `replies` had their password checked (401 or 200). Every other one must be a
   * refusal (429), or a 503 when a busy machine kept it waiting for the database too long.
   */
  const checkedOf = (replies: { statusCode: number }[]) => {
    expect(replies.filter((r) => ![200, 401, 429, 503].includes(r.statusCode))).toEqual([]);
    expect(replies.some((r) => r.statusCode === 429)).toBe(true);
    const checked = replies.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
    expect(checked).toBeGreaterThan(0);
    return checked;
  };

  it('checks at most 10 of 200 wrong passwords sent at once against one account from one address', async () => {
    const victim = await createUser(t.app);
    const wave = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(t.app, victim.username, `guess-${i}`, '10.1.0.1')));
    expect(checkedOf(wave)).toBeLessThanOrEqual(10);
    const refused = wave.find((r) => r.statusCode === 429)!;
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // That address is refused for that account, even with the right password.
    expect((await attempt(t.app, victim.username, PASSWORD, '10.1.0.1')).statusCode).toBe(429);
  });

  it('checks at most 30 of 60 different names sent at once from one address', async () => {
    const wave = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(t.app, `nobody-wave-${i}`, 'wrong-pass', '10.3.0.9')));
    expect(checkedOf(wave)).toBeLessThanOrEqual(30);
  });

  it("a stranger's guesses from everywhere slow the account but never shut its owner out at their usual address", async () => {
    const owner = await createUser(t.app);
    // The owner signs in from home once: that address is familiar from then on.
    expect((await attempt(t.app, owner.username, PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(t.app, owner.username, `guess-${i}`, `10.6.${i}.1`)));
    // Ten attempts in the window, then one every 30 seconds between all unfamiliar addresses.
    expect(checkedOf(guesses)).toBeLessThanOrEqual(11);
    const slowed = await attempt(t.app, owner.username, `guess-late`, '10.6.99.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Too many sign-in attempts for this account from new places. Wait a moment and try again.');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    // From home, the right password still works, as often as needed.
    for (let i = 0; i < 3; i++) expect((await attempt(t.app, owner.username, PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });

  it("does not let a good sign-in to the attacker's own account reset the count of the account under attack", async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    const address = '10.2.0.1';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await attempt(t.app, victim.username, `guess-${round}-${i}`, address);
      expect((await attempt(t.app, attacker.username, PASSWORD, address)).statusCode).toBe(200);
    }
    // 12 guesses were tried against the victim from that address: refused from the eleventh.
    expect((await attempt(t.app, victim.username, PASSWORD, address)).statusCode).toBe(429);
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

  it('counts guesses sent to two instances at once as one: at most 10 of 200 checked', async () => {
    const victim = await createUser(t.app);
    const second = await t.secondInstance();
    const wave = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(i % 2 ? t.app : second, victim.username, `guess-${i}`, '10.4.0.1')));
    expect(checkedOf(wave)).toBeLessThanOrEqual(10);
  });

  it('throttles the current password of a password change like a sign-in, and refuses a new password equal to the old', async () => {
    const user = await createUser(t.app);
    const token = (await attempt(t.app, user.username, PASSWORD, '10.7.0.1')).json().id_token as string;
    const change = (currentPassword: string, newPassword = 'a-new-pass-42') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword },
        remoteAddress: '10.7.0.2',
      });
    const same = await change(PASSWORD, PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual([{ field: 'newPassword', message: 'The new password must differ from the current one' }]);
    const wave = await Promise.all(Array.from({ length: 30 }, (_, i) => change(`guess-${i}`)));
    expect(wave.filter((r) => r.statusCode === 400).length).toBe(10);
    expect(wave.filter((r) => r.statusCode === 429).length).toBe(20);
    expect((await change(PASSWORD)).statusCode).toBe(429);
    expect((await attempt(t.app, user.username, PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });
});

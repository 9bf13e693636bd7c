// Password reset by e-mail, and the invitation e-mail, through the app's own queue to a real SMTP
// server in this process.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { passwordResets } from '../../../db/schema-platform.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueSettled } from '../../../test/queue-kit.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';
import { createBusinessWithOwner, createProjectAndSite, createUser, signIn, type Caller } from '../../../test/factories.ts';
import { RESET_LIMITS } from './password-reset.service.ts';

const APP_URL = 'https://ops.example.com';
let smtp: SmtpKit;
let t: TestApp;
let owner: Caller;
// Each test asks from its own address, so the per-address limit is its own.
let address = 0;
const ask = (email: string, from = `10.0.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/password-reset', payload: { email }, remoteAddress: from });
const finish = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/password-reset/finish', payload: { token, password } });
const tokenIn = (text: string) => /reset-password\?token=([a-f0-9]+)/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ jobs: { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: APP_URL } } });
  await t.app.ready();
  owner = await createBusinessWithOwner(t.app, 'Harbour Security');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

describe('password reset', () => {
  it('sends a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(t.app, { language: 'ar' });
    const oldToken = await signIn(t.app, user.username);
    const res = await ask(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'If an account uses this e-mail, a link to choose a new password is on its way. It works for 30 minutes.' });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([user.email]);
    expect(mail!.parsed.subject).toBe('اختر كلمة مرور جديدة');
    expect(String(mail!.parsed.html)).toContain('dir="rtl"');
    // A security message: nobody unsubscribes from it.
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe:/im);
    const token = tokenIn(String(mail!.parsed.text));
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    expect(String(mail!.parsed.html)).toContain(`${APP_URL}/reset-password?token=${token}`);
    // Stored hashed: the table alone opens nothing.
    const [stored] = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);

    const weak = await finish(token, 'short');
    expect(weak.statusCode).toBe(400);
    const done = await finish(token, 'a-brand-new-pass-9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your new password is set. Sign in with it.' });
    // Every session ended; the new password works, the old one does not.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user.username, password: 'a-brand-new-pass-9' } })).statusCode,
    ).toBe(200);
    // Once only.
    const again = await finish(token, 'another-new-pass-9');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link has expired or was already used. Ask for a new one.');
  });

  it('answers alike for an address nobody uses, and sends nothing', async () => {
    const res = await ask('nobody-here@example.com');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('If an account uses this e-mail');
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app);
    await ask(user.email);
    const [mail] = await smtp.waitFor(1);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await finish(tokenIn(String(mail!.parsed.text)), 'a-brand-new-pass-9')).statusCode).toBe(400);
  });

  it('is throttled: an address past its limit gets no more links, a client past its limit is told to wait', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < RESET_LIMITS.perEmail + 2; i++) expect((await ask(user.email)).statusCode).toBe(202);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(RESET_LIMITS.perEmail);

    const from = '10.9.9.9';
    for (let i = 0; i < RESET_LIMITS.perAddress; i++) expect((await ask(`someone${i}@example.com`, from)).statusCode).toBe(202);
    const refused = await ask('one-more@example.com', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad input with a problem and changes nothing', async () => {
    const before = await t.app.db.$count(passwordResets);
    for (const payload of [{}, { email: 'not-an-email' }, { email: 'x'.repeat(300) + '@example.com' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/account/password-reset', payload });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await finish('', 'a-brand-new-pass-9')).statusCode).toBe(400);
    expect(await t.app.db.$count(passwordResets)).toBe(before);
  });
});

describe('an invitation of a new address', () => {
  it('sends one e-mail with a working activation link', async () => {
    const { site } = await createProjectAndSite(t.app, owner, 'Quay 4');
    const res = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${site.id}/users`,
      payload: { name: 'Noor Haddad', email: 'noor.haddad@example.com', password: 'first-pass-123', role: 'MEMBER' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.to).toEqual(['noor.haddad@example.com']);
    expect(mail!.parsed.subject).toBe('You are invited to join Harbour Security');
    const key = /\/activate\?key=([a-f0-9]+)/.exec(String(mail!.parsed.text))?.[1];
    expect(key).toBeTruthy();
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${key}` });
    expect(detail.statusCode).toBe(200);
    const activated = await t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key, name: 'Noor Haddad', password: 'noor-own-pass-9' } });
    expect(activated.statusCode).toBeLessThan(300);
    const [account] = await t.app.db.select().from(users).where(eq(users.email, 'noor.haddad@example.com'));
    expect(account!.activated).toBe(true);
  });
});

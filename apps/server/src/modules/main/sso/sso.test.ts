// Signing in through a real OpenID Connect provider (oidc-provider on 127.0.0.1): the whole flow to
// a session, the link of a first sign-in (a verified e-mail and the account's password), and the
// answers refused: a wrong or reused state, another browser's state, a wrong nonce, another
// issuer's answer, an expired sign-in; and a business that requires its single sign-on.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers, users } from '../../../db/schema.ts';
import { events } from '../../../db/schema-platform.ts';
import { ssoSignIns, userIdentities } from '../../../db/schema-integrations.ts';
import { PASSWORD, addMember, createBusinessWithOwner, createUser, type Caller } from '../../../test/factories.ts';
import { startOidcProvider, type OidcKit } from '../../../test/oidc-kit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashKey } from '../../../lib/tokens.ts';
import { codeFor, enableTwoFactor, secondStep } from '../two-factor/two-factor-test-kit.ts';
import { redirectUriOf } from './sso.service.ts';

let t: TestApp;
let idp: OidcKit;
let other: OidcKit;
let owner: Caller;
let slug: string;
let counter = 0;

/** A sign-in started at the app: the provider's address and the browser's cookie. */
async function start(name = slug, returnTo?: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/sso/providers/${name}/start`, payload: returnTo ? { returnTo } : {} });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  return { url: new URL(res.json<{ url: string }>().url), cookie };
}

/** The provider's answer brought to the callback; the outcome as the web app reads it from the fragment. */
async function callback(answer: URL, cookie: string | null) {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/callback${answer.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith('/login/sso/done#')).toBe(true);
  const outcome: Record<string, string> = Object.fromEntries(new URLSearchParams(location.split('#')[1] ?? ''));
  expect(outcome.token, 'no session in the address').toBeUndefined();
  if (!outcome.signedIn) return outcome;
  // The web page takes the session from this browser's cookie, once.
  const kept = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('fieldops_sso_session=')) ?? '';
  const sessionCookie = String(kept).split(';')[0] ?? '';
  const taken = await t.app.inject({ method: 'POST', url: '/api/sso/session', headers: { cookie: sessionCookie } });
  expect(taken.statusCode, taken.body).toBe(200);
  const again = await t.app.inject({ method: 'POST', url: '/api/sso/session' });
  expect(again.statusCode).toBe(400);
  return { ...outcome, token: taken.json<{ id_token: string }>().id_token };
}

/** A member of the owner's business whose e-mail the provider account `subject` also has (verified unless said). */
async function memberWithProviderAccount(verified = true) {
  const member = await addMember(t.app, owner);
  const subject = `sub-${counter++}`;
  idp.addAccount(subject, { email: `${member.username}@example.com`, emailVerified: verified });
  return { member, subject };
}

async function linkThrough(linkToken: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/sso/link', payload: { linkToken, password } });
}

const sessionOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/account/session', headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp({ sso: { allowInsecureIssuers: true } });
  idp = await startOidcProvider({ redirectUris: [redirectUriOf(t.app)] });
  other = await startOidcProvider({ redirectUris: [redirectUriOf(t.app)] });
  owner = await createBusinessWithOwner(t.app);
  slug = `acme-${Date.now().toString(36)}`;
  const res = await owner.request({
    method: 'PUT',
    url: '/api/v1/sso',
    payload: { slug, label: 'Acme ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await idp?.close();
  await other?.close();
  await t?.close();
});

describe('signing in through the provider', () => {
  it('links a first sign-in after the password, then signs in straight away', async () => {
    const { member, subject } = await memberWithProviderAccount();
    const { url, cookie } = await start(slug, '/tracker');
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUriOf(t.app));

    const first = await callback(await idp.signIn(url.href, subject), cookie);
    expect(first).toEqual({ link: expect.any(String), to: '/tracker' });
    const linkToken = first.link ?? '';

    const details = await t.app.inject({ method: 'POST', url: '/api/sso/link/details', payload: { linkToken } });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ label: 'Acme ID', username: member.username });

    const wrong = await linkThrough(linkToken, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.ssoPasswordWrong);
    expect(await t.app.db.select().from(userIdentities).where(eq(userIdentities.userId, member.userId))).toHaveLength(0);

    const linked = await linkThrough(linkToken);
    expect(linked.statusCode, linked.body).toBe(200);
    const token = linked.json<{ id_token: string }>().id_token;
    expect((await sessionOf(token)).statusCode).toBe(200);
    const identities = await t.app.db.select().from(userIdentities).where(eq(userIdentities.userId, member.userId));
    expect(identities).toMatchObject([{ businessId: owner.business.id, issuer: idp.issuer, subject }]);
    // The link works once.
    expect((await linkThrough(linkToken)).statusCode).toBe(404);

    // The next time, the provider's answer signs in at once.
    const again = await start();
    const second = await callback(await idp.signIn(again.url.href, subject), again.cookie);
    expect(Object.keys(second)).toEqual(['signedIn', 'token']);
    const session = await sessionOf(second.token ?? '');
    expect(session.statusCode).toBe(200);

    const audit = await t.app.db
      .select({ kind: events.kind, data: events.data })
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), eq(events.actorId, member.userId)));
    expect(audit.map((e) => e.kind)).toEqual(expect.arrayContaining(['sso.linked', 'auth.signed_in', 'auth.sign_in_failed']));
    expect(audit.filter((e) => e.kind === 'auth.signed_in').map((e) => e.data.after)).toContainEqual({ method: 'sso' });
  });

  it('asks a person with two-factor sign-in for their code after the provider', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });
    const { secret } = await enableTwoFactor(t.app, member.token);
    const { url, cookie } = await start();
    const outcome = await callback(await idp.signIn(url.href, subject), cookie);
    expect(outcome).toEqual({ twoFactor: 'required', challenge: expect.any(String) });
    const done = await secondStep(t.app, { challenge: outcome.challenge, code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await sessionOf(done.json<{ id_token: string }>().id_token)).statusCode).toBe(200);
  });

  it('refuses a wrong state, a state from another browser, and a state used before', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });

    const { url, cookie } = await start();
    const answer = await idp.signIn(url.href, subject);
    const forged = new URL(answer);
    forged.searchParams.set('state', 'a-state-this-app-never-gave');
    expect(await callback(forged, cookie)).toEqual({ error: 'refused' });
    expect(await callback(answer, null)).toEqual({ error: 'refused' });
    // That try spent it: the right browser cannot use it afterwards either.
    expect(await callback(answer, cookie)).toEqual({ error: 'expired' });

    const fresh = await start();
    const good = await idp.signIn(fresh.url.href, subject);
    expect(Object.keys(await callback(good, fresh.cookie))).toEqual(['signedIn', 'token']);
    expect(await callback(good, fresh.cookie)).toEqual({ error: 'expired' });
  });

  it('refuses an ID token whose nonce is not the sign-in’s', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });
    const first = await start();
    const second = await start();
    // The provider is asked with the first sign-in's nonce but the second's state and PKCE challenge.
    const mixed = new URL(first.url);
    mixed.searchParams.set('state', second.url.searchParams.get('state') ?? '');
    mixed.searchParams.set('code_challenge', second.url.searchParams.get('code_challenge') ?? '');
    expect(await callback(await idp.signIn(mixed.href, subject), second.cookie)).toEqual({ error: 'refused' });
  });

  it('refuses an answer from another issuer', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });
    other.addAccount(subject, { email: `${member.username}@example.com`, emailVerified: true });
    const { url, cookie } = await start();
    // The same request, sent to another provider that knows the same client and subject.
    const elsewhere = new URL(`${other.issuer}${new URL(url).pathname}${url.search}`);
    const answer = await other.signIn(elsewhere.href, subject);
    expect(answer.searchParams.get('iss')).toBe(other.issuer);
    expect(await callback(answer, cookie)).toEqual({ error: 'refused' });
    // Without the `iss` parameter, the ID token's issuer still tells.
    const start2 = await start();
    const answer2 = await other.signIn(`${other.issuer}${start2.url.pathname}${start2.url.search}`, subject);
    answer2.searchParams.delete('iss');
    expect(await callback(answer2, start2.cookie)).toEqual({ error: 'refused' });
  });

  it('refuses an expired sign-in', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });
    const { url, cookie } = await start();
    const state = url.searchParams.get('state') ?? '';
    await t.app.db
      .update(ssoSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoSignIns.stateHash, hashKey(state)));
    expect(await callback(await idp.signIn(url.href, subject), cookie)).toEqual({ error: 'expired' });
  });

  it('links only through a verified e-mail of a member, and only with the right password', async () => {
    const unverified = await memberWithProviderAccount(false);
    let s = await start();
    expect(await callback(await idp.signIn(s.url.href, unverified.subject), s.cookie)).toEqual({ error: 'unverified' });

    // Someone with an account of their own who is not a member of the business.
    const outsider = await createUser(t.app);
    idp.addAccount('outsider', { email: outsider.email, emailVerified: true });
    s = await start();
    expect(await callback(await idp.signIn(s.url.href, 'outsider'), s.cookie)).toEqual({ error: 'noAccount' });

    // An account the business made whose e-mail is not its own (not claimed) is never linked by it.
    const invited = await addMember(t.app, owner);
    await t.app.db.update(users).set({ emailClaimed: false }).where(eq(users.id, invited.userId));
    idp.addAccount('unclaimed', { email: `${invited.username}@example.com`, emailVerified: true });
    s = await start();
    expect(await callback(await idp.signIn(s.url.href, 'unclaimed'), s.cookie)).toEqual({ error: 'noAccount' });

    // No e-mail at all.
    idp.addAccount('no-email', {});
    s = await start();
    expect(await callback(await idp.signIn(s.url.href, 'no-email'), s.cookie)).toEqual({ error: 'noAccount' });

    // A link token that is not one, and an expired link.
    expect((await t.app.inject({ method: 'POST', url: '/api/sso/link/details', payload: { linkToken: 'nope' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/sso/link/details', payload: {} })).statusCode).toBe(400);
    const pending = await memberWithProviderAccount();
    s = await start();
    const link = (await callback(await idp.signIn(s.url.href, pending.subject), s.cookie)).link ?? '';
    await t.app.db
      .update(ssoSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoSignIns.linkTokenHash, hashKey(link)));
    expect((await linkThrough(link)).statusCode).toBe(404);
  });

  it('speaks only for accounts that belong to the business alone', async () => {
    const { member, subject } = await memberWithProviderAccount();
    const first = await start();
    const linkToken = (await callback(await idp.signIn(first.url.href, subject), first.cookie)).link ?? '';
    expect((await linkThrough(linkToken)).statusCode).toBe(200);
    // The member joins a second business: the first one's provider no longer signs them in anywhere,
    // nor does its requirement take their password away.
    const elsewhere = await createBusinessWithOwner(t.app);
    await t.app.db.insert(businessMembers).values({ businessId: elsewhere.business.id, userId: member.userId, role: 'MEMBER' });
    const again = await start();
    expect(await callback(await idp.signIn(again.url.href, subject), again.cookie)).toEqual({ error: 'otherBusinesses' });
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.businessId, elsewhere.business.id), eq(businessMembers.userId, member.userId)));
    const back = await start();
    expect(Object.keys(await callback(await idp.signIn(back.url.href, subject), back.cookie))).toEqual(['signedIn', 'token']);
  });

  it('refuses a linked account that is no longer a member of the business', async () => {
    const { member, subject } = await memberWithProviderAccount();
    await t.app.db.insert(userIdentities).values({ userId: member.userId, businessId: owner.business.id, issuer: idp.issuer, subject });
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.userId, member.userId), eq(businessMembers.businessId, owner.business.id)));
    const { url, cookie } = await start();
    expect(await callback(await idp.signIn(url.href, subject), cookie)).toEqual({ error: 'noAccount' });
  });

  it('answers a clear 404 for an unknown sign-in name, and the label for a known one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/sso/providers/no-such-name' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.ssoUnknownName);
    expect((await t.app.inject({ method: 'POST', url: '/api/sso/providers/no-such-name/start', payload: {} })).statusCode).toBe(404);
    const known = await t.app.inject({ method: 'GET', url: `/api/sso/providers/${slug.toUpperCase()}` });
    expect(known.json()).toEqual({ slug, label: 'Acme ID' });
  });
});

describe('a business that requires single sign-on', () => {
  it('refuses its members a password, not its owners', async () => {
    const member = await addMember(t.app, owner);
    const admin = await addMember(t.app, owner, 'ADMIN');
    const signIn = (username: string) => t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password: PASSWORD } });
    const save = (required: boolean) =>
      owner.request({ method: 'PUT', url: '/api/v1/sso', payload: { slug, label: 'Acme ID', issuer: idp.issuer, clientId: idp.clientId, required } });
    expect((await save(true)).statusCode).toBe(200);
    try {
      const refused = await signIn(member.username);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.ssoRequired);
      expect((await signIn(admin.username)).statusCode).toBe(403);
      expect((await signIn(owner.username)).statusCode).toBe(200);
      // A wrong password still answers as a wrong password (the requirement tells nothing then).
      const wrong = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: member.username, password: 'wrong-password' } });
      expect(wrong.statusCode).toBe(401);
    } finally {
      expect((await save(false)).statusCode).toBe(200);
    }
    expect((await signIn(member.username)).statusCode).toBe(200);
  });
});

// Setting a business's provider: owners and admins only, checked and discovered before it is saved,
// the client secret never answered and kept when left out, a sign-in name one business at a time,
// each business's provider its own, and the audit log without the secret.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { events } from '../../../db/schema-platform.ts';
import { ssoProviders } from '../../../db/schema-integrations.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { startOidcProvider, type OidcKit } from '../../../test/oidc-kit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { redirectUriOf } from './sso.service.ts';

let t: TestApp;
let idp: OidcKit;
let owner: Caller;
let rival: Caller;
let n = 0;

const body = (overrides: Record<string, unknown> = {}) => ({
  slug: `org-${Date.now().toString(36)}-${n++}`,
  label: 'Company login',
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  ...overrides,
});
const put = (caller: Caller, payload: unknown) => caller.request({ method: 'PUT', url: '/api/v1/sso', payload: payload as Record<string, unknown> });
const get = (caller: Caller) => caller.request({ method: 'GET', url: '/api/v1/sso' });

beforeAll(async () => {
  t = await createTestApp({ sso: { allowInsecureIssuers: true } });
  idp = await startOidcProvider({ redirectUris: [redirectUriOf(t.app)] });
  owner = await createBusinessWithOwner(t.app);
  rival = await createBusinessWithOwner(t.app);
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('the business provider', () => {
  it('is none at first, then saved with its secret kept and never answered', async () => {
    const empty = await get(owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();

    const first = body();
    const saved = await put(owner, first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      slug: first.slug,
      label: 'Company login',
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      enabled: true,
      required: false,
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    expect((await get(owner)).body).not.toContain(idp.clientSecret);

    // A new client id (or issuer) needs the secret typed again: the kept one goes to its own provider only.
    const moved = await put(owner, { ...first, clientId: 'another-client', clientSecret: undefined });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([{ field: 'clientSecret', message: MSG.required }]);

    // An update without the secret keeps it.
    const updated = await put(owner, { ...first, label: 'Acme staff', clientSecret: undefined });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = await t.app.db.select().from(ssoProviders).where(eq(ssoProviders.businessId, owner.business.id));
    expect(row).toMatchObject({ label: 'Acme staff', clientSecret: idp.clientSecret });

    const audit = await t.app.db
      .select({ kind: events.kind, data: events.data })
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), eq(events.kind, 'sso.updated')));
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
    expect(audit[1]?.data).toMatchObject({ before: { label: 'Company login' }, after: { label: 'Acme staff' } });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ slug: 'A' }, MSG.ssoSlugInvalid, 400],
      [{ slug: 'has space' }, MSG.ssoSlugInvalid, 400],
      [{ slug: '-starts-with-hyphen' }, MSG.ssoSlugInvalid, 400],
      [{ label: '' }, MSG.required, 400],
      [{ issuer: 'not a url' }, MSG.ssoIssuerInvalid, 400],
      [{ issuer: 'ftp://example.com' }, MSG.ssoIssuerInvalid, 400],
      [{ clientId: '' }, MSG.required, 400],
      // Nothing answers there: the issuer is discovered before it is saved.
      [{ issuer: 'http://127.0.0.1:9' }, MSG.ssoDiscoveryFailed, 400],
    ];
    const fresh = await createBusinessWithOwner(t.app);
    for (const [overrides, message, status] of cases) {
      const res = await put(fresh, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(JSON.stringify(res.json()), JSON.stringify(overrides)).toContain(message);
    }
    // A first save needs the secret.
    const noSecret = await put(fresh, body({ clientSecret: undefined }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fieldErrors).toEqual([{ field: 'clientSecret', message: MSG.required }]);
    expect((await get(fresh)).json()).toBeNull();
  });

  it('refuses http and private-network issuers unless the install allows them', async () => {
    const strict = await t.secondInstance({ sso: { allowInsecureIssuers: false } });
    for (const issuer of [idp.issuer, 'http://example.com', 'https://localhost', 'https://10.1.2.3', 'https://192.168.0.1/realms/x']) {
      const res = await strict.inject({
        method: 'PUT',
        url: '/api/v1/sso',
        headers: { authorization: `Bearer ${rival.token}`, 'x-api-key': rival.business.apiKey },
        payload: body({ issuer }),
      });
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json().message, issuer).toBe(MSG.ssoIssuerNotAllowed);
    }
  });

  it('keeps a sign-in name to one business', async () => {
    const taken = (await get(owner)).json<{ slug: string }>().slug;
    const res = await put(rival, body({ slug: taken.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.ssoSlugTaken);
  });

  it("is its own business's: another business's admin neither reads nor changes it", async () => {
    const before = (await get(owner)).json<Record<string, unknown>>();
    // With their own key they see their own business's (none).
    expect((await get(rival)).json()).toBeNull();
    // With the other business's key they are refused.
    const asOther = { authorization: `Bearer ${rival.token}`, 'x-api-key': owner.business.apiKey };
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/sso', headers: asOther });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(String(before.slug));
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/sso', headers: asOther, payload: body() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/sso', headers: asOther })).statusCode).toBe(403);
    // Saving their own leaves the other untouched.
    expect((await put(rival, body({ label: 'Rival login' }))).statusCode).toBe(200);
    expect((await get(owner)).json()).toEqual(before);
  });

  it('is for owners and admins only', async () => {
    const member = await addMember(t.app, owner);
    const admin = await addMember(t.app, owner, 'ADMIN');
    expect((await get(member)).statusCode).toBe(403);
    expect((await put(member, body())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sso' })).statusCode).toBe(401);
    expect((await get(admin)).statusCode).toBe(200);
  });

  it('is removed, and its sign-in name then answers not found', async () => {
    const fresh = await createBusinessWithOwner(t.app);
    const saved = body();
    expect((await put(fresh, saved)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/sso/providers/${saved.slug}` })).statusCode).toBe(200);
    expect((await fresh.request({ method: 'DELETE', url: '/api/v1/sso' })).statusCode).toBe(204);
    expect((await fresh.request({ method: 'DELETE', url: '/api/v1/sso' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/sso/providers/${saved.slug}` })).statusCode).toBe(404);
    const [deleted] = await t.app.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.businessId, fresh.business.id), eq(events.kind, 'sso.deleted')));
    expect(deleted?.data).toMatchObject({ before: { slug: saved.slug }, after: null });
    expect(JSON.stringify(deleted)).not.toContain(idp.clientSecret);
  });

  it('turned off, its sign-in name answers not found', async () => {
    const fresh = await createBusinessWithOwner(t.app);
    const saved = body({ enabled: false });
    expect((await put(fresh, saved)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/sso/providers/${saved.slug}` })).statusCode).toBe(404);
  });
});

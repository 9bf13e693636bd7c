import { MSG } from '@fieldops/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addBusinessOf, addMember, createBusinessWithOwner, IMAGES, multipart, signedFileUrl, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'First Business');
  member = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app, 'Other Business');
});
afterAll(() => t.close());

describe('businesses', () => {
  it('GET /api/v1/industries is public and bilingual', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/industries' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ id: expect.any(Number), nameEn: 'Cleaning', nameAr: 'خدمات التنظيف' });
  });

  it('GET /api/v1/businesses lists the businesses of the caller only', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/businesses' });
    expect(res.json().map((b: { name: string }) => b.name)).toEqual(['First Business']);
  });

  it('chooses the business by X-Api-Key; a key of a business the user is not in answers 403', async () => {
    const second = await addBusinessOf(t.app, owner, 'Second Business');
    const withKey = await owner.request({ method: 'GET', url: `/api/v1/businesses/${second.id}`, headers: { 'x-api-key': second.apiKey } });
    expect(withKey.json().name).toBe('Second Business');
    const foreign = await owner.request({ method: 'GET', url: `/api/v1/businesses/${other.business.id}`, headers: { 'x-api-key': other.business.apiKey } });
    expect(foreign.statusCode).toBe(403);
    // Without a key the default business is used.
    const noKey = await t.app.inject({ method: 'GET', url: `/api/v1/businesses/${owner.business.id}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(noKey.json().name).toBe('First Business');
  });

  it("GET /api/v1/businesses/{id} answers 404 for another business's id", async () => {
    const res = await owner.request({ method: 'GET', url: `/api/v1/businesses/${other.business.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Other Business');
  });

  it('PUT /api/v1/businesses/{id} updates the profile for admins; members get 403; bad input changes nothing', async () => {
    const url = `/api/v1/businesses/${owner.business.id}`;
    const payload = { name: 'First Business Ltd', colour: '#112233', timeZone: 'Asia/Riyadh' };
    expect((await member.request({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await owner.request({ method: 'PUT', url: `/api/v1/businesses/${other.business.id}`, payload })).statusCode).toBe(404);
    const bad = await owner.request({ method: 'PUT', url, payload: { ...payload, colour: 'blue' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('colour');
    expect((await owner.request({ method: 'GET', url })).json().name).toBe('First Business');
    const ok = await owner.request({ method: 'PUT', url, payload });
    expect(ok.json()).toMatchObject(payload);
  });

  it('PUT /api/v1/business/{id}/upload-profile sets the logo from an image', async () => {
    const url = `/api/v1/business/${owner.business.id}/upload-profile`;
    const image = () => multipart({}, [{ field: 'file', filename: 'logo.png', type: 'image/png', data: IMAGES.png }]);
    const res = await owner.request({ method: 'PUT', url, ...image() });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo).toMatch(signedFileUrl('png'));
    expect((await member.request({ method: 'PUT', url, ...image() })).statusCode).toBe(403);
    expect((await owner.request({ method: 'PUT', url: `/api/v1/business/${other.business.id}/upload-profile`, ...image() })).statusCode).toBe(404);
    const fake = multipart({}, [{ field: 'file', filename: 'logo.png', type: 'image/png', data: IMAGES.fakePng }]);
    const refused = await owner.request({ method: 'PUT', url, ...fake });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.notAnImage);
  });

  it('GET/PUT lookups by api key: bilingual names required, other keys 404', async () => {
    const url = `/api/v1/business/config/api-key/${owner.business.apiKey}/lookup`;
    const current = (await owner.request({ method: 'GET', url })).json();
    expect(current.projectTypes.length).toBeGreaterThan(0);
    const next = {
      projectTypes: [
        { id: current.projectTypes[0].id, nameEn: 'Deep cleaning', nameAr: 'تنظيف عميق' },
        { nameEn: 'Pest control', nameAr: 'مكافحة الحشرات' },
      ],
      teamTypes: current.teamTypes,
    };
    const saved = await owner.request({ method: 'PUT', url, payload: next });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().projectTypes).toEqual([
      { id: current.projectTypes[0].id, nameEn: 'Deep cleaning', nameAr: 'تنظيف عميق' },
      { id: expect.any(Number), nameEn: 'Pest control', nameAr: 'مكافحة الحشرات' },
    ]);
    const missingArabic = await owner.request({ method: 'PUT', url, payload: { projectTypes: [{ nameEn: 'Only English', nameAr: '' }], teamTypes: [] } });
    expect(missingArabic.statusCode).toBe(400);
    expect(missingArabic.json().fieldErrors[0].field).toBe('projectTypes.0.nameAr');
    expect((await owner.request({ method: 'GET', url })).json().projectTypes).toHaveLength(2);
    expect((await member.request({ method: 'PUT', url, payload: next })).statusCode).toBe(403);
    const foreign = await owner.request({ method: 'GET', url: `/api/v1/business/config/api-key/${other.business.apiKey}/lookup` });
    expect(foreign.statusCode).toBe(404);
  });

  it('GET /api/v1/business/config/managed-profile answers the flag of the own business', async () => {
    const res = await member.request({ method: 'GET', url: '/api/v1/business/config/managed-profile' });
    expect(res.json()).toEqual({ managedProfile: false });
  });

  it('answers problem+json 404 for unknown API paths and UP for health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'UP' });
  });

  it('exposes X-Total-Count through CORS to a configured origin and sets security headers', async () => {
    const app = await t.secondInstance({ corsOrigins: ['https://app.example.com'] });
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.example.com' } });
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/authenticate');
  });
});

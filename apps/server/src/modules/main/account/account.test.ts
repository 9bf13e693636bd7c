import { MSG } from '@fieldops/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, IMAGES, multipart, signedFileUrl, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('account', () => {
  it('GET /api/v1/account answers the account and its businesses', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.userId,
      username: owner.username,
      businessIdentities: [{ businessId: owner.business.id, apiKey: owner.business.apiKey, role: 'OWNER', defaultBusiness: true }],
    });
  });

  it('PUT /api/v1/account saves details and refuses bad ones unchanged', async () => {
    const ok = await owner.request({
      method: 'PUT',
      url: '/api/v1/account',
      payload: { fullName: 'Rana Haddad', email: 'rana@example.com', countryCode: '+966', phone: '555 1234', bio: 'Ops lead' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Rana Haddad', countryCode: '+966', phone: '555 1234', bio: 'Ops lead' });

    const bad = await owner.request({ method: 'PUT', url: '/api/v1/account', payload: { fullName: ' ', email: 'nope', countryCode: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['countryCode', 'email', 'fullName']);
    expect(bad.json().fieldErrors.find((f: { field: string }) => f.field === 'fullName').message).toBe('Profile name is required');
    const after = (await owner.request({ method: 'GET', url: '/api/v1/account' })).json();
    expect(after.fullName).toBe('Rana Haddad');
  });

  it("refuses another user's e-mail", async () => {
    const other = await addMember(t.app, owner);
    const res = await owner.request({ method: 'PUT', url: '/api/v1/account', payload: { fullName: 'X', email: `${other.username}@example.com` } });
    expect(res.statusCode).toBe(409);
  });

  it('PUT /api/v1/account/avatar stores an image, served back at its URL', async () => {
    const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
    const res = await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form });
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().avatar;
    expect(avatar).toMatch(signedFileUrl('png'));
    const file = await t.app.inject({ method: 'GET', url: avatar });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(IMAGES.png)).toBe(true);
  });

  it('refuses a renamed text file as an avatar, by its content, saying it is not an image', async () => {
    const before = (await owner.request({ method: 'GET', url: '/api/v1/account' })).json().avatar;
    const form = multipart({}, [{ field: 'file', filename: 'evil.png', type: 'image/png', data: IMAGES.fakePng }]);
    const res = await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.notAnImage);
    expect(res.json().fieldErrors).toEqual([{ field: 'file', message: MSG.notAnImage }]);
    expect((await owner.request({ method: 'GET', url: '/api/v1/account' })).json().avatar).toBe(before);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const form = multipart({}, [{ field: 'file', filename: 'big.png', type: 'image/png', data: big }]);
    const res = await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form });
    expect(res.statusCode).toBe(413);
  });
});

import { describe, expect, it } from 'vitest';
import { intentFor, isRetryableStatus } from './idempotency.ts';

describe('one Idempotency-Key per intent', () => {
  it('reuses the key for the same call and body until it is answered, then starts a new intent', () => {
    const first = intentFor('POST', '/api/v1/tags', { nameEn: 'Fire' });
    const doubleClick = intentFor('POST', '/api/v1/tags', { nameEn: 'Fire' });
    expect(first.key).toMatch(/^[a-f0-9]{32}$/);
    expect(doubleClick.key).toBe(first.key);
    first.answered();
    expect(intentFor('POST', '/api/v1/tags', { nameEn: 'Fire' }).key).not.toBe(first.key);
  });

  it('gives another body or another address another key', () => {
    const a = intentFor('POST', '/api/v1/tags', { nameEn: 'One' });
    expect(intentFor('POST', '/api/v1/tags', { nameEn: 'Two' }).key).not.toBe(a.key);
    expect(intentFor('POST', '/api/v1/other', { nameEn: 'One' }).key).not.toBe(a.key);
    expect(intentFor('PUT', '/api/v1/tags', { nameEn: 'One' }).key).not.toBe(a.key);
  });

  it('knows a form by its fields and its files', () => {
    const form = () => {
      const data = new FormData();
      data.set('scheduleId', '7');
      data.set('file', new File(['photo'], 'photo.png', { type: 'image/png', lastModified: 1 }));
      return data;
    };
    const first = intentFor('POST', '/answers', form());
    expect(intentFor('POST', '/answers', form()).key).toBe(first.key);
    const other = form();
    other.set('file', new File(['another photo'], 'photo.png', { type: 'image/png', lastModified: 1 }));
    expect(intentFor('POST', '/answers', other).key).not.toBe(first.key);
  });

  it('sends no key with a read, and forgets an intent after a day', () => {
    expect(intentFor('GET', '/api/v1/tags', undefined).key).toBeNull();
    const old = intentFor('POST', '/api/v1/late', {}, 0);
    expect(intentFor('POST', '/api/v1/late', {}, 24 * 60 * 60 * 1000).key).not.toBe(old.key);
  });

  it('keeps the intent open after an answer that may not have done it', () => {
    expect([500, 502, 503, 504, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([200, 201, 204, 400, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { linkAddress, notificationOf, openAddress, PUSH_ICON } from './push-events.ts';

const ORIGIN = 'https://app.example.com';

describe('push notifications in the service worker', () => {
  it('shows an Arabic push right to left, an English one left to right, with the tag and link', () => {
    const ar = notificationOf({ title: 'جداول جديدة', body: 'لديك 3 جداول جديدة.', link: '/tracker', tag: 'notification-7', lang: 'ar' });
    expect(ar).toEqual({
      title: 'جداول جديدة',
      options: { body: 'لديك 3 جداول جديدة.', icon: PUSH_ICON, badge: PUSH_ICON, tag: 'notification-7', lang: 'ar', dir: 'rtl', data: { link: '/tracker' } },
    });
    expect(notificationOf({ title: 'New schedules', body: 'x', link: null, tag: 't', lang: 'en' }).options).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(notificationOf('not a payload')).toMatchObject({ title: 'FieldOps', options: { data: { link: null } } });
  });

  it('opens only paths of the app', () => {
    expect(linkAddress('/tickets/7?tab=comments', ORIGIN)).toBe(`${ORIGIN}/tickets/7?tab=comments`);
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', null, 42]) expect(linkAddress(link, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('takes an open window of the app to the link, or opens one', async () => {
    const navigate = vi.fn(async () => ({}) as WindowClient);
    const window = { url: `${ORIGIN}/dashboard`, focus: vi.fn(async () => window), navigate } as unknown as WindowClient;
    const other = { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() } as unknown as WindowClient;
    const clients = { matchAll: vi.fn(async () => [other, window]), openWindow: vi.fn() } as unknown as Clients;
    await openAddress(clients, ORIGIN, `${ORIGIN}/tracker`);
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/tracker`);
    expect(clients.openWindow).not.toHaveBeenCalled();

    const none = { matchAll: vi.fn(async () => [other]), openWindow: vi.fn() } as unknown as Clients;
    await openAddress(none, ORIGIN, `${ORIGIN}/tracker`);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/tracker`);
  });
});

// What the service worker (sw.ts) does with a push and with a tap on its notification. A push
// carries the words already in its recipient's language (the server's push-worker.ts), so the
// worker needs none of the app's translations: it shows them, right to left in Arabic, and a tap
// brings an open window of the app to the push's screen, or opens one there.

/** The payload the server sends (apps/server/src/modules/platform/push/push-worker.ts). */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
  tag: string;
  lang: 'en' | 'ar';
}

export const PUSH_ICON = '/icons/icon-192.png';

/** The notification for a push; a push it cannot read still shows something (browsers require it). */
export function notificationOf(data: unknown): { title: string; options: NotificationOptions } {
  const payload = readPayload(data);
  if (!payload) return { title: 'FieldOps', options: { icon: PUSH_ICON, badge: PUSH_ICON, data: { link: null } } };
  const arabic = payload.lang === 'ar';
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      tag: payload.tag,
      lang: arabic ? 'ar' : 'en',
      dir: arabic ? 'rtl' : 'ltr',
      data: { link: payload.link },
    },
  };
}

function readPayload(data: unknown): PushPayload | null {
  if (!data || typeof data !== 'object') return null;
  const p = data as Record<string, unknown>;
  if (typeof p.title !== 'string' || typeof p.body !== 'string') return null;
  return {
    title: p.title,
    body: p.body,
    link: typeof p.link === 'string' ? p.link : null,
    tag: typeof p.tag === 'string' ? p.tag : '',
    lang: p.lang === 'ar' ? 'ar' : 'en',
  };
}

/** The address a tap opens: the push's path in this app, else the app's home. */
export function linkAddress(link: unknown, origin: string): string {
  if (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')) {
    const url = new URL(link, origin);
    if (url.origin === origin) return url.href;
  }
  return new URL('/', origin).href;
}

/** Focuses a window of the app and takes it to `address`, or opens a new one there. */
export async function openAddress(clients: Clients, origin: string, address: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[];
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url === address) return;
    // navigate() works on windows this worker controls; another (a page loaded before it) is left as is.
    const moved = await focused.navigate(address).catch(() => null);
    if (moved) return;
  }
  await clients.openWindow(address);
}

// A push on the member's device: the service worker shows it in the language it was written in
// (right to left in Arabic), and a tap on it brings the open app to the push's screen. The push
// arrives through the DevTools protocol, as the browser's push service would deliver it, with the
// words the server writes (push-texts.ts).
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { pushText } from '../apps/server/src/modules/platform/push/push-texts.ts';
import { DEMO, expectDirection, signIn, useLanguage, type Lang } from './support.ts';

// The journeys' configuration blocks service workers; here the worker is what is tested.
test.use({ serviceWorkers: 'allow' });

/** What the worker shows, as the page reads it back from the registration. */
interface Shown {
  title: string;
  body: string;
  lang: string;
  dir: string;
  tag: string;
  icon: string;
  data: unknown;
}

function shown(page: Page): Promise<Shown[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      lang: n.lang,
      dir: n.dir,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    })),
  );
}

/** The demo account signed in, in `lang`, on a page its service worker controls, notifications allowed. */
async function openSignedIn(context: BrowserContext, page: Page, lang: Lang, origin: string) {
  await useLanguage(page, lang);
  await signIn(page, lang, DEMO.username, DEMO.password);
  await controlledBy(page);
  await context.grantPermissions(['notifications'], { origin });
}

/** Waits until the service worker controls the page (it registers after load; see installable.spec.ts). */
async function controlledBy(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
  await page.goto(page.url());
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Delivers `payload` to the app's service worker as its push service would. */
async function push(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  try {
    const registration = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
          const live = registrations.find((item) => !item.isDeleted && item.scopeURL === `${origin}/`);
          if (live) resolve(live.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data });
  } finally {
    await cdp.detach();
  }
}

/**
 * A tap on the notification tagged `tag`: the worker's notificationclick listener runs on it, and
 * the answer is when the work it hands to waitUntil is done. The DevTools protocol cannot click a
 * notification, so the event is dispatched inside the worker. Chromium lets a worker focus a
 * window only while it handles the browser's own click (from script, focus() rejects with
 * "InvalidAccessError: Not allowed to focus a window"); this stand-in click is given the same
 * allowance by letting focus() answer the window, which is what it does after a real tap.
 */
async function tap(context: BrowserContext, tag: string) {
  const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/sw.js') ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as {
      registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) return 'no notification';
    const windowClient = (globalThis as unknown as { WindowClient: { prototype: { focus(): Promise<unknown> } } }).WindowClient.prototype;
    windowClient.focus = function focus(this: unknown) {
      return Promise.resolve(this);
    };
    const NotificationEventOf = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event })
      .NotificationEvent;
    const event = new NotificationEventOf('notificationclick', { notification });
    let work: Promise<unknown> = Promise.resolve();
    // An event dispatched by script cannot extend its lifetime; the listener's work is kept here instead.
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => void (work = promise) });
    scope.dispatchEvent(event);
    try {
      await work;
      return 'done';
    } catch (error) {
      return `failed: ${String(error)}`;
    }
  }, tag);
}

const SITE = { en: 'North depot', ar: 'المستودع الشمالي' } as const;

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a push is shown in its language and a tap opens its screen, in ${lang}`, async ({ context, page }) => {
    test.setTimeout(30_000);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await openSignedIn(context, page, lang, origin);

    const text = pushText(lang, 'schedulesAssigned', { count: 3, siteName: SITE[lang] });
    const tag = `notification-${lang}-1`;
    await push(context, page, origin, JSON.stringify({ ...text, link: '/tracker', tag, lang }));
    await expect
      .poll(() => shown(page))
      .toEqual([
        {
          title: text.title,
          body: text.body,
          lang,
          dir: lang === 'ar' ? 'rtl' : 'ltr',
          tag,
          icon: `${origin}/icons/icon-192.png`,
          data: { link: '/tracker' },
        },
      ]);

    expect(await tap(context, tag)).toBe('done');
    await expect(page).toHaveURL(`${origin}/tracker`);
    await expectDirection(page, lang);
    // Tapped, the notification is gone.
    expect(await shown(page)).toEqual([]);
  });
}

test('a push the worker cannot read still shows the app, and a tap opens its home', async ({ context, page }) => {
  test.setTimeout(30_000);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await openSignedIn(context, page, 'en', origin);
  await page.goto('/tickets');

  await push(context, page, origin, 'not a payload');
  await expect
    .poll(() => shown(page))
    .toEqual([{ title: 'FieldOps', body: '', lang: '', dir: 'auto', tag: '', icon: `${origin}/icons/icon-192.png`, data: { link: null } }]);

  expect(await tap(context, '')).toBe('done');
  await expect(page).toHaveURL(`${origin}/`);
  expect(await shown(page)).toEqual([]);
});

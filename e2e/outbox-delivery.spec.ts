// How the outbox is delivered, on the member's phone: a send cut off after the server stored the
// answer is sent again with the same key and stored once; and with no page of the app open, the
// service worker sends what waits when the browser wakes it (Background Sync).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { INSIDE, PHONE, answersOf, deviceStore, openPhone, prepare, signInAsMember } from './phone.ts';
import { shot, t, useLanguage, type Lang } from './support.ts';

test.use({ actionTimeout: 30_000 });

test('a send cut off after the server stored it is sent again with the same key and stored once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const lang: Lang = 'en';
  const setup = await prepare(request, lang, [
    {
      name: 'Roof hatch',
      actions: [
        { name: 'Is the hatch closed?', type: 'YES_NO' },
        { name: 'Notes on the roof', type: 'TEXT' },
      ],
    },
  ]);
  const [scheduleId] = setup.scheduleIds;
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, geolocation: INSIDE, permissions: ['geolocation'] });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signInAsMember(page, lang, setup);
  await page.goto(`/tracker/${scheduleId}`);
  await expect(page.getByText(t(lang, 'tracker.geofence.insideTitle'))).toBeVisible();

  // The first answer reaches the server, which stores it; its reply never reaches the phone.
  const keys: string[] = [];
  let cut = true;
  await page.route('**/services/workflow/api/v1/action-results', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!cut) return route.continue();
    cut = false;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('region', { name: 'Is the hatch closed?' }).getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByRole('region', { name: 'Notes on the roof' }).getByRole('textbox').first().fill('Sealed, dry');
  await page.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
  await expect(page.getByRole('region', { name: 'Is the hatch closed?' }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes on the roof' }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
  // The server has the first; the phone, never told, keeps it waiting with the rest.
  await expect.poll(async () => (await answersOf(request, setup, scheduleId)).length).toBe(1);
  await expect(page.getByRole('button', { name: t(lang, 'tracker.submit.sendAgain') })).toBeVisible();
  expect(keys).toHaveLength(1);
  await shot(page, 'offline-en-05-cut-off');

  // Sent again: the server recognises the key and keeps one answer; the rest follows in order.
  await page.getByRole('button', { name: t(lang, 'tracker.submit.sendAgain') }).click();
  await expect(page.getByText(t(lang, 'tracker.submit.allSaved'))).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
  const answers = await answersOf(request, setup, scheduleId);
  expect(answers.map((a) => a.action.type).sort()).toEqual(['TEXT', 'YES_NO']);
  await context.close();
});

test('with no page of the app open, the service worker sends what waits when the browser wakes it (Background Sync)', async ({ request }) => {
  test.setTimeout(180_000);
  const lang: Lang = 'en';
  const setup = await prepare(request, lang, [{ name: 'Boiler log', actions: [{ name: 'Boiler pressure', type: 'TEXT' }] }]);
  const [scheduleId] = setup.scheduleIds;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-phone-'));
  const context = await openPhone(dir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await useLanguage(page, lang);
    await signInAsMember(page, lang, setup);
    await page.goto(`/tracker/${scheduleId}`);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
      .toBe('activated');
    // The worker sends with the member's sign-in, which the app keeps for it once it has started.
    await expect.poll(async () => (await deviceStore(page)).meta, { timeout: 30_000 }).toContain('auth');

    await context.setOffline(true);
    await page.getByRole('region', { name: 'Boiler pressure' }).getByRole('textbox').first().fill('1.8 bar');
    await page.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
    await expect(page.getByRole('region', { name: 'Boiler pressure' }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();

    // The app is closed; the network comes back; the browser wakes the worker for the outbox's tag.
    // Chromium may do so by itself as soon as it is back online, or even before: the page's offline
    // emulation does not hold back the worker's own requests, so the answer may already be there
    // (sent by the worker: the page could not). The event is also sent through the DevTools
    // protocol, so the journey does not depend on when it would; either way it arrives once.
    await page.goto('about:blank');
    await context.setOffline(false);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = registrations.find((item) => !item.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const { baseURL } = test.info().project.use;
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL!).origin,
      registrationId: await registration,
      tag: 'fieldops-outbox',
      lastChance: false,
    });
    await expect.poll(async () => (await answersOf(request, setup, scheduleId)).map((answer) => answer.value), { timeout: 30_000 }).toEqual(['1.8 bar']);
    await cdp.detach();

    // Opened again, the queue shows it arrived.
    await page.goto('/tracker');
    await expect(page.getByRole('region', { name: t(lang, 'tracker.outbox.title') }).locator('[data-outbox-status="sent"]')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

// The field app without a network, on a phone, in English and in Arabic. A member opens the
// tracker once online (the app keeps their next three days on the device), loses the network,
// answers three schedules from the copy (a yes/no with a large photo, a voice note, a text),
// reloads the page, closes the browser and opens it again, all offline: every answer is still
// waiting in the queue. Back online, each arrives exactly once with its file (the photo made
// smaller on the device), and the tracker shows the three done. A second journey cuts the
// connection in the middle of a send, after the server stored the answer: sent again with the
// same key, it is stored once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  moveToDaytimeZone,
  expectAccessible,
  expectDirection,
  planToday,
  png,
  shot,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

const SITE = { latitude: 24.7004, longitude: 46.7004 };
const INSIDE = { latitude: SITE.latitude + 0.0003, longitude: SITE.longitude, accuracy: 12 };
const PHONE = { width: 390, height: 844 };
/** A camera-sized picture (2400 × 1800) that the device brings down to 1600 px before queueing. */
const PHOTO = png(2400, 1800, (x, y) => [(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256]);

interface Task {
  id: number;
  name: string;
  actions: { name: string; type: string }[];
}

interface Setup {
  token: string;
  member: { id: number; email: string; password: string };
  tasks: Task[];
  scheduleIds: number[];
}

interface StoredAnswer {
  id: number;
  action: { id: number; type: string };
  value: unknown;
  file: string | null;
  voice: string | null;
  capturedAt: string;
  late: boolean;
}

/** Through the API: a site, a member, and one schedule today for each of `tasks`, open now. */
async function prepare(request: APIRequestContext, lang: Lang, tasks: { name: string; actions: { name: string; type: string }[] }[]): Promise<Setup> {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const today = await moveToDaytimeZone(request, token);

  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', {
    name: `Basement ${suffix}`,
    projectId: projects[0].id,
    ...SITE,
    radius: 150,
  });
  const member = {
    name: lang === 'en' ? `Offline Member ${suffix}` : `عضو دون اتصال ${suffix}`,
    email: `offline.${suffix}@example.com`,
    password: 'field-pass-1',
  };
  const userId = await addActiveMember(request, token, site.id, member);

  const created: Task[] = [];
  const scheduleIds: number[] = [];
  for (const task of tasks) {
    const name = `${task.name} ${suffix}`;
    const { id } = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
      nameEn: lang === 'en' ? name : null,
      nameAr: lang === 'ar' ? name : null,
      geoRestrictionEnabled: true,
    });
    for (const action of task.actions) {
      await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
        taskId: id,
        nameEn: lang === 'en' ? action.name : null,
        nameAr: lang === 'ar' ? action.name : null,
        type: action.type,
        required: true,
      });
    }
    const [schedule] = await planToday(request, token, { taskId: id, siteId: site.id, userId, today });
    expect(schedule, `today's schedule of ${name}`).toBeTruthy();
    created.push({ id, name, actions: task.actions });
    scheduleIds.push(schedule.id);
  }
  return { token, member: { id: userId, email: member.email, password: member.password }, tasks: created, scheduleIds };
}

/** The member's phone: a persistent profile (its storage outlives the browser), a fake microphone. */
async function openPhone(dir: string, offline = false): Promise<BrowserContext> {
  const { launchOptions, baseURL } = test.info().project.use;
  return chromium.launchPersistentContext(dir, {
    executablePath: launchOptions?.executablePath,
    args: [...(launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: INSIDE,
    permissions: ['geolocation', 'microphone'],
    serviceWorkers: 'allow',
    offline,
  });
}

async function signInAsMember(page: Page, lang: Lang, setup: Setup) {
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(setup.member.email);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(setup.member.password);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** What the device keeps: the copied schedules, the outbox's entries by status, and the names of its records. */
function deviceStore(page: Page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty: look first.
    if (!(await indexedDB.databases()).some((known) => known.name === 'fieldops-device'))
      return { schedules: [] as number[], outbox: [] as string[], meta: [] as string[] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fieldops-device');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    const schedules = await all<{ id: number }>('schedules');
    const outbox = await all<{ status: string }>('outbox');
    const meta = await new Promise<string[]>((resolve) => {
      const request = db.transaction('meta').objectStore('meta').getAllKeys();
      request.onsuccess = () => resolve(request.result.map(String));
    });
    db.close();
    return { schedules: schedules.map((s) => s.id).sort(), outbox: outbox.map((e) => e.status), meta };
  });
}

async function answersOf(request: APIRequestContext, setup: Setup, scheduleId: number) {
  return (await call<{ answers: StoredAnswer[]; status: string }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${scheduleId}?eagerLoad=true`)).answers;
}

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

test.use({ actionTimeout: 30_000 });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a member answers three schedules offline, through a reload and a browser restart, and each arrives once, in ${lang}`, async ({ request }) => {
    test.setTimeout(300_000);
    const words =
      lang === 'en'
        ? { locked: 'Is the plant room locked?', photo: 'Photo of the pumps', voice: 'Describe any noise', text: 'Meter reading' }
        : { locked: 'هل غرفة المعدات مقفلة؟', photo: 'صورة المضخات', voice: 'صف أي ضجيج', text: 'قراءة العداد' };
    const setup = await prepare(request, lang, [
      {
        name: lang === 'en' ? 'Plant room' : 'غرفة المعدات',
        actions: [
          { name: words.locked, type: 'YES_NO' },
          { name: words.photo, type: 'PHOTO' },
        ],
      },
      { name: lang === 'en' ? 'Pump noise' : 'ضجيج المضخات', actions: [{ name: words.voice, type: 'VOICE' }] },
      { name: lang === 'en' ? 'Meter' : 'العداد', actions: [{ name: words.text, type: 'TEXT' }] },
    ]);
    const [plant, noise, meter] = setup.tasks;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-phone-'));

    // 1. Online: signed in, the tracker once. The app installs and keeps the next three days.
    let context = await openPhone(dir);
    let page = context.pages()[0] ?? (await context.newPage());
    await useLanguage(page, lang);
    await signInAsMember(page, lang, setup);
    await page.goto('/tracker');
    await expectDirection(page, lang);
    for (const task of setup.tasks) await expect(page.getByRole('link', { name: new RegExp(task.name) }).first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
      .toBe('activated');
    await expect.poll(async () => (await deviceStore(page)).schedules, { timeout: 30_000 }).toEqual([...setup.scheduleIds].sort((a, b) => a - b));
    await expect(page.getByText(t(lang, 'tracker.offline.savedAt').trim())).toBeVisible();

    // 2. The network goes. The tracker opens from the device, says so, and lists the three.
    await context.setOffline(true);
    await page.goto('/tracker');
    await expect(page.getByText(t(lang, 'tracker.offline.title'))).toBeVisible();
    await expect(page.getByRole('heading', { name: t(lang, 'tracker.offline.listTitle') })).toBeVisible();
    await expectDirection(page, lang);
    await shot(page, `offline-${lang}-01-tracker`);
    await expectAccessible(page, `offline tracker (${lang})`);

    const open = async (task: Task) => {
      await page
        .getByRole('link', { name: new RegExp(task.name) })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: task.name })).toBeVisible();
      await expect(page.getByText(t(lang, 'tracker.offline.title'))).toBeVisible();
    };
    const submit = async (region: string) => {
      await page.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
      await expect(page.getByRole('region', { name: region }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
    };
    const back = async () => {
      await page.getByRole('link', { name: t(lang, 'tracker.runner.back') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'tracker.offline.listTitle') })).toBeVisible();
    };

    // 3. Three schedules answered offline: a yes/no and a photo, a voice note, a text.
    await open(plant);
    await expect(page.getByText(t(lang, 'tracker.geofence.insideTitle'))).toBeVisible();
    await page
      .getByRole('region', { name: words.locked })
      .getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true })
      .click();
    const photoStep = page.getByRole('region', { name: words.photo });
    await photoStep.locator('input[type="file"]').setInputFiles({ name: 'pumps.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(photoStep.getByRole('img', { name: t(lang, 'taskRunner.photo.thumbnail') })).toBeVisible();
    await submit(words.photo);
    await expect(page.getByRole('region', { name: words.locked }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
    await shot(page, `offline-${lang}-02-answered-offline`);
    await expectAccessible(page, `offline runner (${lang})`);
    await back();

    await open(noise);
    const voiceStep = page.getByRole('region', { name: words.voice });
    await voiceStep.getByRole('button', { name: t(lang, 'taskRunner.voice.record') }).click();
    await expect(voiceStep.getByText(t(lang, 'taskRunner.voice.recording'))).toBeVisible();
    await page.waitForTimeout(1200);
    await voiceStep.getByRole('button', { name: t(lang, 'taskRunner.voice.stop') }).click();
    await expect(voiceStep.getByLabel(t(lang, 'taskRunner.voice.playback'))).toBeVisible();
    await submit(words.voice);
    await back();

    await open(meter);
    await page.getByRole('region', { name: words.text }).getByRole('textbox').first().fill('4711');
    await submit(words.text);
    await back();

    // The queue: four answers waiting, in the order they were given.
    let queue = page.getByRole('region', { name: t(lang, 'tracker.outbox.title') });
    await expect(queue.locator('[data-outbox-status="waiting"]')).toHaveCount(4);

    // 4. A reload, still offline: everything is still there.
    await page.goto(page.url());
    await expect(page.getByText(t(lang, 'tracker.offline.title'))).toBeVisible();
    await expect(queue.locator('[data-outbox-status="waiting"]')).toHaveCount(4);
    await open(plant);
    await expect(page.getByRole('region', { name: words.locked }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
    await expect(page.getByRole('region', { name: words.photo }).getByRole('img', { name: t(lang, 'taskRunner.photo.thumbnail') })).toBeVisible();
    await back();
    // The copy was saved before any answer; the list counts those given on the device since.
    for (const [answered, required] of [
      ['2', '2'],
      ['1', '1'],
    ]) {
      await expect(page.getByRole('img', { name: t(lang, 'tracker.progress.label', { answered, required }) }).first()).toBeVisible();
    }
    await expect(page.getByRole('img', { name: t(lang, 'tracker.progress.label', { answered: '0', required: '1' }) })).toHaveCount(0);
    await shot(page, `offline-${lang}-03-queue-after-reload`);
    await expectAccessible(page, `offline queue (${lang})`);

    // 5. The browser closes and opens again on the same storage, still without a network.
    await context.close();
    context = await openPhone(dir, true);
    page = context.pages()[0] ?? (await context.newPage());
    queue = page.getByRole('region', { name: t(lang, 'tracker.outbox.title') });
    await page.goto('/tracker');
    await expect(page.getByText(t(lang, 'tracker.offline.title'))).toBeVisible();
    await expectDirection(page, lang);
    await expect(queue.locator('[data-outbox-status="waiting"]')).toHaveCount(4);
    expect((await deviceStore(page)).outbox).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    // Nothing reached the server meanwhile.
    for (const id of setup.scheduleIds) expect(await answersOf(request, setup, id)).toEqual([]);

    // 6. The network is back: the queue sends itself, and the tracker shows the three done.
    await context.setOffline(false);
    await expect(queue.locator('[data-outbox-status="sent"]')).toHaveCount(4, { timeout: 60_000 });
    await expect(page.getByText(t(lang, 'tracker.offline.title'))).toBeHidden();
    await page.getByRole('tab', { name: new RegExp(`^${t(lang, 'tracker.tabs.done')}`) }).click();
    for (const task of setup.tasks) await expect(page.getByRole('link', { name: new RegExp(task.name) }).first()).toBeVisible();
    await shot(page, `offline-${lang}-04-sent-and-done`);
    await expectAccessible(page, `queue after sending (${lang})`);

    // Exactly once each, with its file; the photo made smaller on the device.
    const [plantAnswers, noiseAnswers, meterAnswers] = await Promise.all(setup.scheduleIds.map((id) => answersOf(request, setup, id)));
    expect(plantAnswers.map((a) => a.action.type).sort()).toEqual(['PHOTO', 'YES_NO']);
    expect(noiseAnswers.map((a) => a.action.type)).toEqual(['VOICE']);
    expect(meterAnswers.map((a) => [a.action.type, a.value])).toEqual([['TEXT', '4711']]);
    for (const answer of [...plantAnswers, ...noiseAnswers, ...meterAnswers]) expect(answer.late).toBe(false);
    const photoAnswer = plantAnswers.find((a) => a.action.type === 'PHOTO')!;
    const photo = await request.get(photoAnswer.file!, { headers: { Authorization: `Bearer ${setup.token}` } });
    expect(photo.ok()).toBeTruthy();
    const photoBytes = await photo.body();
    expect(photoBytes.length).toBeLessThan(PHOTO.length);
    expect(jpegSize(photoBytes)).toEqual({ width: 1600, height: 1200 });
    const voice = await request.get(noiseAnswers[0].voice!, { headers: { Authorization: `Bearer ${setup.token}` } });
    expect(voice.ok()).toBeTruthy();
    expect((await voice.body()).length).toBeGreaterThan(100);
    for (const id of setup.scheduleIds) {
      const detail = await call<{ status: string }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${id}`);
      expect(detail.status).toBe('done');
    }
    await context.close();
  });
}

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
    // Chromium may do so by itself as soon as it is back online; the event is also sent through the
    // DevTools protocol, so the journey does not depend on when it would.
    await page.goto('about:blank');
    expect(await answersOf(request, setup, scheduleId)).toEqual([]);
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

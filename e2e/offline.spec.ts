// The field app without a network, on a phone, in English and in Arabic. A member opens the
// tracker once online (the app keeps their next three days on the device), loses the network,
// answers three schedules from the copy (a yes/no with a large photo, a voice note, a text),
// reloads the page, closes the browser and opens it again, all offline: every answer is still
// waiting in the queue. Back online, each arrives exactly once with its file (the photo made
// smaller on the device), and the tracker shows the three done. How the queue is delivered (a
// send cut off, Background Sync): outbox-delivery.spec.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { answersOf, deviceStore, openPhone, prepare, signInAsMember, type Task } from './phone.ts';
import { WORKFLOW, call, expectAccessible, expectDirection, png, shot, t, useLanguage, type Lang } from './support.ts';

/** A camera-sized picture (2400 × 1800) that the device brings down to 1600 px before queueing. */
const PHOTO = png(2400, 1800, (x, y) => [(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256]);

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

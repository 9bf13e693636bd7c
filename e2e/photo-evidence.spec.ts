// Photo evidence a manager can trust, in English on a desktop and in Arabic on a phone. The owner
// sets a task's photo action to camera only in the action editor and turns on "Stamp photos" in
// the task's settings. A member then answers it with Chromium's fake camera: the runner offers
// the camera and no file, shows its preview, takes the photo and shows it; the answer arrives
// marked as taken with the app's camera, with the stamp band added below the camera's frame.
// A photo sent without that mark is refused. A second photo action takes a file: one whose EXIF
// says it was taken the day before is marked on the answer and waits in the photo review queue.
// The editor, the runner and the queue are checked for accessibility.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import config from '../playwright.config.ts';
import { INSIDE, PHONE, answersOf, prepare } from './phone.ts';
import { DEMO, WORKFLOW, apiToken, call, expectAccessible, expectDirection, png, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

// The config's browser, with a fake camera that needs no permission prompt.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  actionTimeout: 20_000,
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['ar', PHONE],
] as const satisfies [Lang, { width: number; height: number }][]) {
  test(`a camera-only, stamped photo taken with the in-page camera in ${lang} (${viewport.width}px)`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const actionName = lang === 'en' ? 'Meter photo' : 'صورة العداد';
    const fileActionName = lang === 'en' ? 'Panel photo' : 'صورة اللوحة';
    const setup = await prepare(request, lang, [
      {
        name: lang === 'en' ? 'Meter round' : 'جولة العدادات',
        actions: [
          { name: actionName, type: 'PHOTO' },
          { name: fileActionName, type: 'PHOTO' },
        ],
      },
    ]);
    // In Arabic the site has an Arabic name, so the stamp's Arabic is seen shaped, right to left.
    if (lang === 'ar') {
      const { site } = await call<{ site: { id: number; latitude: number; longitude: number; radius: number } }>(
        request,
        setup.token,
        'GET',
        `${WORKFLOW}/schedules/${setup.scheduleIds[0]!}?eagerLoad=true`,
      );
      const projects = await call<{ id: number }[]>(request, setup.token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
      const siteName = `القبو الشمالي ${unique().replace(/[0-9]/g, 'x')}`;
      await call(request, setup.token, 'PUT', '/api/v1/teams', { ...site, name: siteName, projectId: projects[0]!.id });
    }
    // Nothing sampled at random: the queue holds the journey's photo for the reason it is there.
    await call(request, setup.token, 'PUT', `${WORKFLOW}/v1/photo-reviews/settings`, { samplePercent: 0 });
    const task = setup.tasks[0]!;
    const scheduleId = setup.scheduleIds[0]!;
    const name = (key: string, values: Record<string, string> = {}) => ({ name: t(lang, key, values) });

    // The owner: camera only on the action, stamping on the task.
    await page.setViewportSize(viewport);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/tasks/${task.id}`);
    await expectDirection(page, lang);
    const item = page.getByRole('listitem', { name: actionName });
    await item.getByRole('button', name('tasks.actions.menuOf', { name: actionName })).click();
    await page.getByRole('menuitem', name('actions.edit')).click();
    const edit = page.getByRole('dialog', name('tasks.actionForm.editTitle'));
    const cameraOnly = edit.getByRole('switch', name('tasks.scoring.cameraOnly'));
    await cameraOnly.check();
    await expect(cameraOnly).toBeChecked();
    await expectAccessible(page, `action editor, camera only (${lang})`);
    await shot(page, `photo-evidence-${lang}-01-camera-only`);
    await edit.getByRole('button', name('actions.saveChanges')).click();
    await expect(edit).toBeHidden();

    await page.goto(`/tasks/${task.id}?tab=settings`);
    const stamp = page.getByRole('switch', name('tasks.stamp.label'));
    // Saved as it is switched: the switch shows the task as the server returns it.
    await stamp.click();
    await expect(page.getByText(t(lang, 'tasks.stamp.on'))).toBeVisible();
    await expect(stamp).toBeChecked();
    await expectAccessible(page, `task settings, stamp photos (${lang})`);
    await shot(page, `photo-evidence-${lang}-02-stamp-photos`);
    const saved = await call<{ stampPhotos: boolean; actions: { id: number; settings: { cameraOnly?: boolean } }[] }>(
      request,
      setup.token,
      'GET',
      `${WORKFLOW}/v2/tasks/${task.id}?eagerLoad=true`,
    );
    expect(saved.stampPhotos).toBe(true);
    expect(saved.actions[0]!.settings.cameraOnly).toBe(true);

    // A photo that does not say it came from the app's camera is refused.
    const memberToken = await apiToken(request, setup.member.username, setup.member.password);
    const refused = await request.post(`${WORKFLOW}/v1/action-results`, {
      headers: { Authorization: `Bearer ${memberToken}` },
      multipart: {
        scheduleId: String(scheduleId),
        actionId: String(saved.actions[0]!.id),
        latitude: String(INSIDE.latitude),
        longitude: String(INSIDE.longitude),
        accuracy: String(INSIDE.accuracy),
        photoSource: 'FILE',
        file: { name: 'gallery.png', mimeType: 'image/png', buffer: png(64, 48, () => [200, 120, 40]) },
      },
    });
    expect(refused.status(), await refused.text()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("This photo must be taken with the app's camera");

    // The member's phone (or desktop): the fake camera, a position inside the site.
    const device = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport,
      isMobile: lang === 'ar',
      hasTouch: lang === 'ar',
      geolocation: INSIDE,
      permissions: ['geolocation', 'camera'],
    });
    const phone = await device.newPage();
    await useLanguage(phone, lang);
    await phone.goto('/login');
    await phone.getByLabel(t(lang, 'login.username')).fill(setup.member.username);
    await phone.getByLabel(t(lang, 'login.password'), { exact: true }).fill(setup.member.password);
    await phone.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
    await phone.waitForURL((url) => !url.pathname.startsWith('/login'));
    await phone.goto(`/tracker/${scheduleId}`);
    await expectDirection(phone, lang);
    const question = phone.getByRole('region', { name: actionName });
    await expect(question.getByText(t(lang, 'taskRunner.camera.hint'))).toBeVisible();
    await expect(question.locator('input[type="file"]')).toHaveCount(0);
    await question.getByRole('button', name('taskRunner.camera.open')).click();
    await expect(question.getByLabel(t(lang, 'taskRunner.camera.preview'))).toBeVisible();
    const take = question.getByRole('button', name('taskRunner.camera.take'));
    await expect(take).toBeEnabled();
    await expect(take).toBeFocused();
    await expectAccessible(phone, `runner, live camera (${lang})`);
    await shot(phone, `photo-evidence-${lang}-03-camera`);
    await phone.keyboard.press('Enter');
    const thumbnail = question.getByRole('img', name('taskRunner.photo.thumbnail'));
    await expect(thumbnail).toBeVisible();
    await expect(question.getByRole('button', name('taskRunner.camera.retake'))).toBeFocused();
    // The camera is released once the photo is taken.
    await expect.poll(() => phone.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    await shot(phone, `photo-evidence-${lang}-04-taken`);

    // The other action takes a file: a photo the camera says it took yesterday.
    const fileQuestion = phone.getByRole('region', { name: fileActionName });
    const yesterday = new Date(Date.now() - 26 * 60 * 60 * 1000);
    const exifClock = `${yesterday.getUTCFullYear()}:${String(yesterday.getUTCMonth() + 1).padStart(2, '0')}:${String(yesterday.getUTCDate()).padStart(2, '0')} 09:30:00`;
    // Blocks of random greys: a photo of its own, not a near duplicate of another run's.
    const greys = Array.from({ length: 48 }, () => Math.floor(Math.random() * 256));
    const scene = png(320, 240, (x, y) => {
      const grey = greys[Math.floor(y / 40) * 8 + Math.floor(x / 40)] ?? 0;
      return [grey, grey, grey];
    });
    const oldPhoto = await sharp(scene)
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: exifClock } })
      .toBuffer();
    await fileQuestion.locator('input[type="file"]').setInputFiles({ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: oldPhoto });
    await expect(fileQuestion.getByRole('img', name('taskRunner.photo.thumbnail'))).toBeVisible();

    await phone.getByRole('button', name('tracker.submit.submit')).click();
    await expect(question.getByText(t(lang, 'taskRunner.submit.saved'))).toBeVisible({ timeout: 30_000 });
    await expect(fileQuestion.getByText(t(lang, 'answerView.photoOtherTime'))).toBeVisible({ timeout: 30_000 });
    await expectAccessible(phone, `runner, photos saved (${lang})`);
    await shot(phone, `photo-evidence-${lang}-05-saved`);

    const answers = await answersOf(request, setup, scheduleId);
    const fromFile = answers.find((given) => given.action.id === saved.actions[1]!.id) as unknown as { photoSource: string; photoTimeMismatch: boolean };
    expect(fromFile).toMatchObject({ photoSource: 'FILE', photoTimeMismatch: true });
    const answer = answers.find((given) => given.action.id === saved.actions[0]!.id);
    expect(answer, 'the stored answer').toBeTruthy();
    const stored = answer as unknown as { file: string; photoSource: string; photoTimeMismatch: boolean };
    expect(stored.photoSource).toBe('CAMERA');
    expect(stored.photoTimeMismatch).toBe(false);
    // Chromium's fake camera gives 4:3 frames; the stamp adds its band below.
    const file = await request.get(stored.file, { headers: { Authorization: `Bearer ${setup.token}` } });
    expect(file.status()).toBe(200);
    const body = await file.body();
    // Kept beside the screenshots, to look at the band.
    await sharp(body).png().toFile(`test-results/screens/photo-evidence-${lang}-06-stamped-photo.png`);
    const { width = 0, height = 0 } = await sharp(body).metadata();
    expect(height).toBeGreaterThan(Math.round((width * 3) / 4));
    await device.close();

    // The owner finds the file photo in the review queue, for its time.
    await page.goto('/reports/photos');
    const card = page
      .getByRole('article')
      .filter({ hasText: t(lang, 'photoReviews.reason.TIME_MISMATCH') })
      .filter({ hasText: setup.tasks[0]!.name });
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(card.getByText(new RegExp(t(lang, 'photoReviews.ownTime', { time: '.+' })))).toBeVisible();
    await expectAccessible(page, `photo review, other time (${lang})`);
    await shot(page, `photo-evidence-${lang}-07-review`);
  });
}

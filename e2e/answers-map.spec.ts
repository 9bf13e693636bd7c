// The answers map of the reports, in English on a desktop and in Arabic on a phone. A member
// answers four schedules from a phone whose position is set for each: inside the site's circle,
// a kilometre away, half a kilometre away, and inside but with a fix too imprecise to prove it.
// The owner counts the half-kilometre one by an override on its schedule, then opens the
// reports' Answers map filtered to the member: the geofence and the markers are drawn with no tile server running,
// a marker's popup tells the distance, and the table beside it (the map's text alternative) gives
// each answer its status: inside, outside, unverified, overridden. The runner said the same
// after each answer. Checked for accessibility.
import { expect, test } from '@playwright/test';
import { PHONE, SITE, answersOf, prepare } from './phone.ts';
import { DEMO, expectAccessible, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

test.use({ actionTimeout: 20_000 });

const INSIDE = { latitude: SITE.latitude + 0.0003, longitude: SITE.longitude, accuracy: 12 };
const FAR = { latitude: SITE.latitude + 0.01, longitude: SITE.longitude, accuracy: 12 };
const NEAR = { latitude: SITE.latitude + 0.005, longitude: SITE.longitude, accuracy: 12 };
const IMPRECISE = { ...INSIDE, accuracy: 400 };

for (const [lang, viewport] of [
  ['en', { width: 1366, height: 900 }],
  ['ar', PHONE],
] as const satisfies [Lang, { width: number; height: number }][]) {
  test(`answers given inside, outside and imprecisely, one overridden, on the reports' answers map in ${lang} (${viewport.width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const action = lang === 'en' ? 'Door locked' : 'الباب مقفل';
    const names = ['Gate', 'Far', 'Near', 'Blurry'].map((name) => ({ name: `Round ${name}`, actions: [{ name: action, type: 'YES_NO' }] }));
    const setup = await prepare(request, lang, names);
    const [insideId, farId, nearId, imprecise] = setup.scheduleIds as [number, number, number, number];

    // The member's phone: each schedule answered "Yes" where the phone says it is.
    const phone = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      geolocation: INSIDE,
      permissions: ['geolocation'],
    });
    const member = await phone.newPage();
    await useLanguage(member, lang);
    await member.goto('/login');
    await member.getByLabel(t(lang, 'login.username')).fill(setup.member.username);
    await member.getByLabel(t(lang, 'login.password'), { exact: true }).fill(setup.member.password);
    await member.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
    await member.waitForURL((url) => !url.pathname.startsWith('/login'));
    const answered: Record<number, number> = {};
    for (const [scheduleId, where, said] of [
      [insideId, INSIDE, 'taskRunner.submit.saved'],
      [farId, FAR, 'taskRunner.submit.outside'],
      [nearId, NEAR, 'taskRunner.submit.outside'],
      [imprecise, IMPRECISE, 'taskRunner.submit.unverified'],
    ] as const) {
      await phone.setGeolocation(where);
      await member.goto(`/tracker/${scheduleId}`);
      const question = member.getByRole('region', { name: action });
      await question.getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true }).click();
      await member.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
      // The runner says what the server judged: an imprecise fix is unverified, not "outside".
      await expect(member.getByRole('region', { name: action }).getByText(t(lang, said))).toBeVisible();
      if (said === 'taskRunner.submit.unverified') {
        await expect(member.getByText(t(lang, 'taskRunner.submit.outside'))).toHaveCount(0);
        await shot(member, `${lang}-answers-map-00-runner-unverified`);
      }
      await expect.poll(async () => (await answersOf(request, setup, scheduleId)).length, { timeout: 20_000 }).toBe(1);
      answered[scheduleId] = (await answersOf(request, setup, scheduleId))[0]!.id;
    }
    await phone.close();

    // The owner counts the half-kilometre one, from the answer on its schedule, with a reason.
    await page.setViewportSize(viewport);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/tracker/${nearId}`);
    await page.getByRole('button', { name: t(lang, 'tracker.override.open') }).click();
    const overriding = page.getByRole('dialog', { name: t(lang, 'tracker.override.title') });
    await overriding.getByLabel(t(lang, 'tracker.override.reasonLabel')).fill('The loading bay across the road');
    await expectAccessible(page, `${lang} overriding an answer given outside`);
    await overriding.getByRole('button', { name: t(lang, 'tracker.override.submit') }).click();
    await expect(page.getByText(t(lang, 'tracker.override.done')).first()).toBeVisible();
    await expect(overriding).toBeHidden();

    // The answers map, with no tile server: the circle and the markers are still drawn.
    await page.goto(`/reports?member=${setup.member.id}`);
    await expectDirection(page, lang);
    // The photo review counts sit above the views.
    await expect(page.getByTestId('photo-review-summary')).toBeVisible();
    await page.getByRole('tab', { name: t(lang, 'reports.views.map') }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByTestId('answers-map');
    await expect(map.locator('.leaflet-overlay-pane path').first()).toBeVisible();
    await expect.poll(() => map.locator('.leaflet-marker-icon').count()).toBeGreaterThan(1);
    await expect(map.locator('img.leaflet-tile-loaded')).toHaveCount(0);

    // The text alternative: each answer with its status, its distance and a link to it.
    const table = page.getByRole('table', { name: t(lang, 'reports.map.tableLabel') });
    await expect(table.getByRole('row')).toHaveCount(5);
    const rowOf = (id: number) => table.locator('tr', { has: page.locator(`a[href*="answer=${id}"]`) });
    const status = (key: string) => t(lang, `reports.map.status.${key}`);
    await expect(rowOf(answered[insideId]!)).toContainText(status('INSIDE'));
    await expect(rowOf(answered[farId]!)).toContainText(status('OUTSIDE'));
    await expect(rowOf(answered[nearId]!)).toContainText(status('OVERRIDDEN'));
    await expect(rowOf(answered[imprecise]!)).toContainText(status('UNVERIFIED'));
    await expect(rowOf(answered[farId]!)).toContainText(/1\D?1\d0/);
    const summary = page.getByTestId('answers-map-summary');
    for (const key of ['INSIDE', 'OUTSIDE', 'UNVERIFIED', 'OVERRIDDEN']) {
      await expect(summary).toContainText(t(lang, 'reports.map.count', { status: status(key), count: '1' }));
    }

    // The far answer's marker opens a popup with who, what, where and how far.
    const far = map.locator('.leaflet-marker-icon').filter({ hasText: status('OUTSIDE') });
    await far.click();
    const popup = map.locator('.leaflet-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(status('OUTSIDE'));
    await expect(popup).toContainText(/1\D?1\d0/);
    await expect(popup.getByRole('link', { name: t(lang, 'reports.map.openAnswer') })).toBeVisible();
    await shot(page, `${lang}-answers-map-01`);
    await expectAccessible(page, `${lang} answers map`);

    // The link opens the answer.
    await popup.getByRole('link', { name: t(lang, 'reports.map.openAnswer') }).click();
    await expect(page).toHaveURL(new RegExp(`answer=${answered[farId]}`));
    await expect(page.getByRole('dialog')).toBeVisible();
  });
}

// The photo review queue, in English and in Arabic, on a desktop and on a phone. Two members at
// two sites each answer a schedule with a photo; the second sends the first's photo again. The
// owner finds it in the review queue beside the earlier photo, with who gave each and where,
// marks it suspicious, and finds it under Suspicious. The queue is checked for accessibility.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { INSIDE, SITE } from './phone.ts';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  expectAccessible,
  expectDirection,
  moveToDaytimeZone,
  planToday,
  png,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

test.use({ actionTimeout: 20_000 });

/** A photo of its own for each run (blocks of random greys): the same bytes sent twice are the same photo. */
function photoOfItsOwn(): Buffer {
  const greys = Array.from({ length: 48 }, () => Math.floor(Math.random() * 256));
  return png(320, 240, (x, y) => {
    const grey = greys[Math.floor(y / 40) * 8 + Math.floor(x / 40)] ?? 0;
    return [grey, grey, grey];
  });
}

async function answerWithPhoto(request: APIRequestContext, token: string, scheduleId: number, actionId: number, photo: Buffer) {
  const res = await request.post(`${WORKFLOW}/v1/action-results`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      scheduleId: String(scheduleId),
      actionId: String(actionId),
      latitude: String(INSIDE.latitude),
      longitude: String(INSIDE.longitude),
      accuracy: String(INSIDE.accuracy),
      file: { name: 'gate.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['ar', { width: 390, height: 844 }],
] as const satisfies [Lang, { width: number; height: number }][]) {
  test(`the same photo sent again from another site waits for review beside the first, and is marked suspicious, in ${lang} (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const today = await moveToDaytimeZone(request, token);
    const suffix = unique().replace(/[0-9]/g, 'x');
    const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
    const siteNames = lang === 'en' ? [`East Gate ${suffix}`, `West Gate ${suffix}`] : [`البوابة الشرقية ${suffix}`, `البوابة الغربية ${suffix}`];
    const sites = await Promise.all(
      siteNames.map((name) => call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name, projectId: projects[0].id, ...SITE, radius: 150 })),
    );
    const people = lang === 'en' ? [`Hana Photo ${suffix}`, `Sami Photo ${suffix}`] : [`هناء ${suffix}`, `سامي ${suffix}`];
    const members = await Promise.all(
      people.map((name, index) =>
        addActiveMember(request, token, sites[index]!.id, { name, email: `photo.${index}.${suffix}@example.com`, password: 'field-pass-1' }),
      ),
    );
    const taskName = lang === 'en' ? `Gate photo ${suffix}` : `صورة البوابة ${suffix}`;
    const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
      nameEn: lang === 'en' ? taskName : null,
      nameAr: lang === 'ar' ? taskName : null,
      geoRestrictionEnabled: true,
    });
    const action = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
      taskId: task.id,
      nameEn: lang === 'en' ? 'Photo of the gate' : null,
      nameAr: lang === 'ar' ? 'صورة البوابة' : null,
      type: 'PHOTO',
      required: true,
    });
    // Nothing sampled at random: the queue holds this journey's photo for the reason it is there.
    await call(request, token, 'PUT', `${WORKFLOW}/v1/photo-reviews/settings`, { samplePercent: 0 });
    const photo = photoOfItsOwn();
    for (const [index, member] of members.entries()) {
      const [schedule] = await planToday(request, token, { taskId: task.id, siteId: sites[index]!.id, userId: member.userId, today });
      await answerWithPhoto(request, await apiToken(request, member.username, 'field-pass-1'), schedule!.id, action.id, photo);
    }

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/reports/photos');
    await expectDirection(page, lang);
    await expect(page.getByRole('heading', { name: t(lang, 'photoReviews.title') })).toBeVisible();
    // The check runs in the background: the photo arrives in the queue a moment after the answer.
    const given = t(lang, 'photoReviews.givenBy', { member: people[1]!, site: siteNames[1]! });
    const card = page.getByRole('article').filter({ hasText: given });
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(card.getByText(t(lang, 'photoReviews.reason.DUPLICATE'))).toBeVisible();
    await expect(card.getByText(t(lang, 'photoReviews.givenBy', { member: people[0]!, site: siteNames[0]! }))).toBeVisible();
    await expect(card.locator('img')).toHaveCount(2);
    await expectAccessible(page, `photo review (${lang})`);
    await shot(page, `photo-review-${lang}`);

    await card.getByRole('button', { name: t(lang, 'photoReviews.suspicious') }).click();
    await expect(page.getByText(t(lang, 'photoReviews.judged.SUSPICIOUS'))).toBeVisible();
    await expect(card).toHaveCount(0);
    // The tab "Suspicious (n)", by its label (the radio itself is drawn out of sight).
    await page.getByText(new RegExp(`^${t(lang, 'photoReviews.state.SUSPICIOUS')} \\(\\d+\\)$`)).click();
    await expect(page.getByRole('radio', { name: new RegExp(`^${t(lang, 'photoReviews.state.SUSPICIOUS')}`) })).toBeChecked();
    const judged = page.getByRole('article').filter({ hasText: given });
    await expect(judged).toBeVisible();
    await expect(judged.getByText(new RegExp(t(lang, 'photoReviews.verdictBy.SUSPICIOUS', { name: '.+', at: '.+' })))).toBeVisible();
    await expectAccessible(page, `photo review, suspicious (${lang})`);
  });
}

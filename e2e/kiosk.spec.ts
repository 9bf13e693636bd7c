// The shared-device kiosk, in English and in Arabic. The owner makes a kiosk for a site and reads
// its one-time code; a tablet enrols with it. Two members of the site sign in on the tablet in
// turn with their PINs: the first answers a schedule and is signed out; the second loses the network,
// answers (the answer waits on the tablet), and it is sent when the network returns. Each answer
// arrives under its own member. The owner revokes the kiosk and the tablet asks to be enrolled
// again. The name list, the PIN pad and the runner are checked for accessibility.
import { expect, test, type Page } from '@playwright/test';
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
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

const TABLET = { width: 1024, height: 768 };

test.use({ actionTimeout: 20_000 });

interface Answer {
  userId: number;
  scheduleId: number;
  value: unknown;
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`two members take turns on a site's kiosk, one of them offline, and the revoked tablet asks to be enrolled again, in ${lang}`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // A site with two members, each with a schedule of the same task open today.
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const today = await moveToDaytimeZone(request, token);
    const suffix = unique().replace(/[0-9]/g, 'x');
    const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
    const siteName = lang === 'en' ? `Kiosk site ${suffix}` : `موقع الكشك ${suffix}`;
    const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name: siteName, projectId: projects[0].id, ...SITE, radius: 150 });
    const people = lang === 'en' ? [`Amal Kiosk ${suffix}`, `Badr Kiosk ${suffix}`] : [`أمل ${suffix}`, `بدر ${suffix}`];
    const [a, b] = await Promise.all(
      people.map((name, index) => addActiveMember(request, token, site.id, { name, email: `kiosk.${index}.${suffix}@example.com`, password: 'field-pass-1' })),
    );
    const taskName = lang === 'en' ? `Door check ${suffix}` : `فحص الباب ${suffix}`;
    const question = lang === 'en' ? 'Is the door locked?' : 'هل الباب مقفل؟';
    const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
      nameEn: lang === 'en' ? taskName : null,
      nameAr: lang === 'ar' ? taskName : null,
      geoRestrictionEnabled: false,
    });
    await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
      taskId: task.id,
      nameEn: lang === 'en' ? question : null,
      nameAr: lang === 'ar' ? question : null,
      type: 'YES_NO',
      required: true,
    });
    const [scheduleA] = await planToday(request, token, { taskId: task.id, siteId: site.id, userId: a.userId, today });
    const [scheduleB] = await planToday(request, token, { taskId: task.id, siteId: site.id, userId: b.userId, today });
    // Their PINs, as an administrator sets them.
    await call(request, token, 'PUT', `/api/v1/users/${a.userId}/kiosk-pin`, { pin: '2468' });
    await call(request, token, 'PUT', `/api/v1/users/${b.userId}/kiosk-pin`, { pin: '13579' });

    // 1. The owner makes a kiosk for the site and reads its code once.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/settings/kiosks');
    await expect(page.getByRole('heading', { name: t(lang, 'kiosks.title') })).toBeVisible();
    await page
      .getByRole('button', { name: t(lang, 'kiosks.new.open') })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: t(lang, 'kiosks.new.title') });
    await form.getByRole('combobox', { name: t(lang, 'kiosks.new.site') }).fill(siteName);
    await page.getByRole('option', { name: siteName }).click();
    const kioskName = lang === 'en' ? `Entrance tablet ${suffix}` : `جهاز المدخل ${suffix}`;
    await form.getByRole('textbox', { name: t(lang, 'kiosks.new.name') }).fill(kioskName);
    await form.getByRole('button', { name: t(lang, 'kiosks.new.submit') }).click();
    const codeDialog = page.getByRole('dialog', { name: t(lang, 'kiosks.code.title') });
    const code = (await codeDialog.getByTestId('enrolment-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    await expect(codeDialog.getByRole('textbox', { name: t(lang, 'kiosks.code.link') })).toHaveValue(new RegExp(`/kiosk/enrol\\?code=${code}$`));
    await shot(page, `kiosk-${lang}-01-code`);
    await codeDialog.getByRole('button', { name: t(lang, 'kiosks.code.done') }).click();

    // 2. A tablet enrols with the code, which its link fills in.
    const tablet = await browser.newContext({ viewport: TABLET, hasTouch: true, geolocation: INSIDE, permissions: ['geolocation'] });
    const kiosk = await tablet.newPage();
    await useLanguage(kiosk, lang);
    await kiosk.goto(`/kiosk/enrol?code=${code}`);
    await expect(kiosk.getByRole('textbox', { name: t(lang, 'kiosk.enrol.code') })).toHaveValue(code);
    await kiosk.getByRole('button', { name: t(lang, 'kiosk.enrol.submit') }).click();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.names.title') })).toBeVisible();
    await expect(kiosk.getByText(siteName)).toBeVisible();
    await expectDirection(kiosk, lang);
    await expect(kiosk.getByRole('button', { name: people[0] })).toBeVisible();
    await shot(kiosk, `kiosk-${lang}-02-names`);
    await expectAccessible(kiosk, `kiosk name list (${lang})`);

    const signInAs = async (name: string, pin: string) => {
      await kiosk.getByRole('searchbox', { name: t(lang, 'kiosk.names.search') }).fill(name.split(' ')[0]);
      await kiosk.getByRole('button', { name }).click();
      const pad = kiosk.getByRole('dialog', { name: t(lang, 'kiosk.pin.title', { name }) });
      await expect(pad.getByLabel(t(lang, 'kiosk.pin.label'), { exact: true })).toBeVisible();
      for (const digit of pin) await pad.getByRole('button', { name: t(lang, 'kiosk.pin.digit', { digit }) }).click();
      return pad;
    };
    const answerYes = async (page: Page) => {
      await page.getByRole('link', { name: new RegExp(taskName) }).click();
      await expect(page.getByRole('heading', { name: taskName })).toBeVisible();
      await page
        .getByRole('region', { name: question })
        .getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true })
        .click();
      await page.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
    };

    // 3. Member A: a wrong PIN first, then theirs; answers their schedule and signs out.
    let pad = await signInAs(people[0], '1111');
    await shot(kiosk, `kiosk-${lang}-03-pin`);
    await expectAccessible(kiosk, `kiosk PIN pad (${lang})`);
    await pad.getByRole('button', { name: t(lang, 'kiosk.pin.submit') }).click();
    await expect(
      pad
        .getByRole('alert')
        .filter({ hasText: t(lang, 'messages.kioskPinWrong') })
        .first(),
    ).toBeAttached();
    for (const digit of '2468') await pad.getByRole('button', { name: t(lang, 'kiosk.pin.digit', { digit }) }).click();
    await pad.getByRole('button', { name: t(lang, 'kiosk.pin.submit') }).click();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.member.today') })).toBeVisible();
    await answerYes(kiosk);
    await expect(kiosk.getByText(t(lang, 'tracker.submit.allSaved'))).toBeVisible();
    // The inspection report needs a signed-in person: the kiosk does not offer it.
    await expect(kiosk.getByRole('link', { name: t(lang, 'tracker.runner.report') })).toHaveCount(0);
    await shot(kiosk, `kiosk-${lang}-04-runner`);
    await expectAccessible(kiosk, `kiosk runner (${lang})`);
    // Finished: the tablet signs them out by itself, back to the name list.
    await expect(kiosk.getByText(t(lang, 'kiosk.member.finished'))).toBeVisible();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.names.title') })).toBeVisible({ timeout: 20_000 });

    // 4. Member B answers without a network: the answer waits, and goes when the network is back.
    pad = await signInAs(people[1], '13579');
    await pad.getByRole('button', { name: t(lang, 'kiosk.pin.submit') }).click();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.member.today') })).toBeVisible();
    await kiosk.getByRole('link', { name: new RegExp(taskName) }).click();
    await expect(kiosk.getByRole('heading', { name: taskName })).toBeVisible();
    await tablet.setOffline(true);
    await kiosk
      .getByRole('region', { name: question })
      .getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true })
      .click();
    await kiosk.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
    await expect(kiosk.getByRole('region', { name: question }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
    await expect(kiosk.getByTestId('kiosk-waiting')).toBeVisible();
    await shot(kiosk, `kiosk-${lang}-05-queued`);
    await kiosk.getByRole('link', { name: t(lang, 'tracker.runner.back') }).click();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.member.today') })).toBeVisible();
    await tablet.setOffline(false);
    await expect(kiosk.getByTestId('kiosk-waiting')).toBeHidden({ timeout: 30_000 });

    // Both answers arrived, each under its own member.
    const answers = async (scheduleId: number) =>
      (await call<{ answers: Answer[] }>(request, token, 'GET', `${WORKFLOW}/schedules/${scheduleId}?eagerLoad=true`)).answers;
    await expect.poll(async () => (await answers(scheduleA.id)).map((answer) => answer.userId)).toEqual([a.userId]);
    await expect.poll(async () => (await answers(scheduleB.id)).map((answer) => answer.userId)).toEqual([b.userId]);
    await kiosk.getByRole('button', { name: t(lang, 'kiosk.member.done') }).click();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.names.title') })).toBeVisible();

    // 5. The owner revokes the kiosk; the tablet must be enrolled again, its token forgotten.
    await page.reload();
    await page.getByRole('button', { name: t(lang, 'kiosks.revokeOf', { name: kioskName }) }).click();
    const confirm = page.getByRole('dialog', { name: t(lang, 'kiosks.revokeTitle') });
    await confirm.getByRole('button', { name: t(lang, 'kiosks.revoke'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await kiosk.reload();
    await expect(kiosk.getByRole('heading', { name: t(lang, 'kiosk.enrol.again') })).toBeVisible();
    expect(await kiosk.evaluate(() => window.localStorage.getItem('kioskDevice'))).toBeNull();
    await shot(kiosk, `kiosk-${lang}-06-enrol-again`);
    await tablet.close();
  });
}

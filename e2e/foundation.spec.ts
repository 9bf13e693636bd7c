// Journeys of the foundation: onboarding, sign-in and logout, activation by key, and switching
// languages, each in English and in Arabic.
import { expect, test } from '@playwright/test';
import { apiToken, DEMO, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test.describe(`in ${lang}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('onboarding, then dashboard, logout and sign in again', async ({ page }) => {
      const name = `owner${unique()}`;
      await page.goto('/onboarding');
      await expectDirection(page, lang);
      await page.getByLabel(t(lang, 'onboarding.fullName')).fill('Maha Salem');
      await page.getByLabel(t(lang, 'onboarding.username')).fill(name);
      await page.getByLabel(t(lang, 'onboarding.email')).fill(`${name}@example.com`);
      await page.getByLabel(t(lang, 'onboarding.password'), { exact: true }).fill('long-enough-1');
      await shot(page, `${lang}-onboarding-account`);
      await page.getByRole('button', { name: t(lang, 'onboarding.createAccount') }).click();

      await page.getByLabel(t(lang, 'onboarding.businessName')).fill(`Salem Services ${lang}`);
      await shot(page, `${lang}-onboarding-business`);
      await page.getByRole('button', { name: t(lang, 'onboarding.createBusiness') }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(`Salem Services ${lang}`).first()).toBeVisible();
      await shot(page, `${lang}-dashboard-new-business`);

      await page.getByRole('button', { name: t(lang, 'user.menu') }).click();
      await page.getByRole('menuitem', { name: t(lang, 'nav.logout') }).click();
      await expect(page).toHaveURL(/\/login/);
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('id_token'),
        key: localStorage.getItem('apiKey'),
        language: localStorage.getItem('language'),
      }));
      expect(stored).toEqual({ token: null, key: null, language: lang });

      await signIn(page, lang, `${name}@example.com`, 'long-enough-1');
      await expect(page.getByText(`Salem Services ${lang}`).first()).toBeVisible();
    });

    test('sign-in errors are shown in the language', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'messages.usernameOrPasswordMissing'));
      await page.getByLabel(t(lang, 'login.username')).fill('demo');
      await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'messages.invalidCredentials'));
      await shot(page, `${lang}-login-error`);
    });

    test("the sign-in page fetches its own language's texts and none of the signed-in app", async ({ page, request }) => {
      // The page's language script names each language's bundle of texts.
      const html = await (await request.get('/login')).text();
      const bundles = JSON.parse(/var f=(\{[^}]*\})/.exec(html)?.[1] ?? '{}') as Record<Lang, string>;
      expect(Object.keys(bundles).sort()).toEqual(['ar', 'en']);
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: t(lang, 'login.title') })).toBeVisible();
      const other = lang === 'en' ? 'ar' : 'en';
      expect(fetched).toContain(bundles[lang]);
      expect(fetched).not.toContain(bundles[other]);
      // Nor the texts of the pages after sign-in, the query cache or the date library.
      expect(fetched.filter((path) => /signed-in-layout|dashboard-page|data-layout|\/assets\/(data|en-app|ar-app)-/.test(path))).toEqual([]);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
    });

    test('an unknown page shows the not-found page', async ({ page }) => {
      await signIn(page, lang, DEMO.username, DEMO.password);
      await page.goto('/no/such/page');
      await expect(page.getByText(t(lang, 'errors.notFoundTitle'))).toBeVisible();
      await shot(page, `${lang}-not-found`);
    });
  });
}

test('activation by key: the invited member sets a name and password, then signs in', async ({ page, request, browser }) => {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const headers = { authorization: `Bearer ${token}` };
  const members = (await (await request.get('/api/admin/users?size=100', { headers })).json()) as { userId: number; username: string; active: boolean }[];
  const waiting = members.find((m) => !m.active);
  expect(waiting, 'the demo business has a member waiting for activation').toBeTruthy();
  const { activationKey } = (await (await request.post(`/api/v1/users/${waiting!.userId}/activation-key`, { headers })).json()) as { activationKey: string };

  // The member opens the link in their own browser, in Arabic.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await useLanguage(fresh, 'ar');
  await fresh.goto(`/activate?key=${activationKey}`);
  await expectDirection(fresh, 'ar');
  await fresh.getByLabel(t('ar', 'activation.name')).fill('خالد عمر');
  await fresh.getByLabel(t('ar', 'activation.password'), { exact: true }).fill('new-password-1');
  await fresh.getByLabel(t('ar', 'activation.confirmPassword')).fill('new-password-1');
  await shot(fresh, 'ar-activation-form');
  await fresh.getByRole('button', { name: t('ar', 'activation.submit') }).click();
  await expect(fresh.getByText(t('ar', 'activation.doneTitle'))).toBeVisible();
  await shot(fresh, 'ar-activation-done');
  await signIn(fresh, 'ar', waiting!.username, 'new-password-1');
  await context.close();

  // The key is spent.
  await page.goto(`/activate?key=${activationKey}`);
  await expect(page.getByText(t('en', 'messages.activationKeyNotFound'))).toBeVisible();
  await page.goto('/activate');
  await expect(page.getByText(t('en', 'messages.activationKeyMissing'))).toBeVisible();
});

test('switching to Arabic and back changes direction and texts', async ({ page }) => {
  await signIn(page, 'en', DEMO.username, DEMO.password);
  await expectDirection(page, 'en');
  await page
    .getByRole('radio', { name: t('en', 'language.ar') })
    .first()
    .check({ force: true });
  await expectDirection(page, 'ar');
  await expect(page.getByRole('navigation').getByText(t('ar', 'nav.dashboard'))).toBeVisible();
  await shot(page, 'ar-dashboard-demo');
  await page.reload();
  await expectDirection(page, 'ar');
  await page
    .getByRole('radio', { name: t('ar', 'language.en') })
    .first()
    .check({ force: true });
  await expectDirection(page, 'en');
  await expect(page.getByRole('navigation').getByText(t('en', 'nav.dashboard'))).toBeVisible();
  await shot(page, 'en-dashboard-demo');
});

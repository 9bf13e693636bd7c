// Two-factor sign-in, in English and in Arabic. A person with a business of their own sets up an
// authenticator from their profile (the journey reads the key typed into apps from the page and
// makes codes with otpauth, as a phone would), keeps the recovery codes shown once, signs out, and
// signs in again with a code after the password; then once more with a recovery code. Each screen
// is checked for accessibility.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiToken, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

test.use({ actionTimeout: 20_000 });

/** The code an authenticator app shows `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

async function signOut(page: Page, lang: Lang) {
  await page.getByRole('button', { name: t(lang, 'user.menu') }).click();
  await page.getByRole('menuitem', { name: t(lang, 'nav.logout') }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function password(page: Page, lang: Lang, username: string, pass: string) {
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(username);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(pass);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
}

const signedIn = (page: Page, lang: Lang) =>
  expect(
    page
      .getByRole('navigation')
      .getByText(t(lang, 'nav.dashboard'))
      .or(page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') })),
  ).toBeVisible();

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`enrol two-factor and sign in with it, in ${lang}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const suffix = unique();
    const person = {
      username: `tf${suffix}`,
      email: `tf.${suffix}@example.com`,
      fullName: `Two Factor ${suffix.replace(/[0-9]/g, 'x')}`,
      password: 'two-factor-pass-7',
    };
    const registered = await request.post('/api/v1/register', { data: person });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const { id } = (await registered.json()) as { id: number };
    const token = await apiToken(request, person.username, person.password);
    const onboarded = await request.post(`/api/v1/onboarding/user/${id}/business`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `Secure Shop ${suffix.replace(/[0-9]/g, 'x')}` },
    });
    expect(onboarded.ok(), await onboarded.text()).toBeTruthy();

    // 1. The profile's two-factor section: off, then set up with the key read from the page.
    await useLanguage(page, lang);
    await signIn(page, lang, person.username, person.password);
    await expectDirection(page, lang);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: t(lang, 'profile.twoFactor.title') });
    await expect(section.getByText(t(lang, 'profile.twoFactor.off'), { exact: true })).toBeVisible();
    await section.getByRole('button', { name: t(lang, 'profile.twoFactor.setUp') }).click();
    await expect(section.getByRole('img', { name: t(lang, 'twoFactor.qrAlt') })).toBeVisible();
    const secret = ((await section.getByTestId('totp-manual-key').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, `two-factor set-up (${lang})`);
    await shot(page, `two-factor-setup-${lang}`);

    // A wrong code is refused under its field; the right one turns it on.
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000';
    await section.getByLabel(t(lang, 'twoFactor.code')).fill(wrong);
    await section.getByRole('button', { name: t(lang, 'profile.twoFactor.turnOn') }).click();
    await expect(section.getByText(t(lang, 'messages.twoFactorCodeWrong'))).toBeVisible();
    await section.getByLabel(t(lang, 'twoFactor.code')).fill(codeFor(secret));
    await section.getByRole('button', { name: t(lang, 'profile.twoFactor.turnOn') }).click();

    // 2. The recovery codes, shown once.
    const list = section.getByRole('list', { name: t(lang, 'twoFactor.recoveryListLabel') });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await expectAccessible(page, `recovery codes (${lang})`);
    await shot(page, `two-factor-recovery-codes-${lang}`);
    await section.getByRole('button', { name: t(lang, 'twoFactor.saved') }).click();
    await expect(section.getByText(t(lang, 'profile.twoFactor.on'), { exact: true })).toBeVisible();
    await expect(list).toBeHidden();

    // 3. Signed out, the password alone is not enough: the code of the next period signs in.
    await signOut(page, lang);
    await password(page, lang, person.username, person.password);
    const code = page.getByLabel(t(lang, 'twoFactor.code'));
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expectDirection(page, lang);
    await expectAccessible(page, `two-factor sign-in step (${lang})`);
    await shot(page, `two-factor-sign-in-${lang}`);
    await code.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: t(lang, 'login.twoFactor.verify') }).click();
    await signedIn(page, lang);

    // 4. And with a recovery code instead.
    await signOut(page, lang);
    await password(page, lang, person.username, person.password);
    await page.getByRole('button', { name: t(lang, 'login.twoFactor.useRecovery') }).click();
    await page.getByLabel(t(lang, 'login.twoFactor.recoveryCode')).fill(recoveryCodes[0]);
    await expectAccessible(page, `recovery code sign-in (${lang})`);
    await page.getByRole('button', { name: t(lang, 'login.twoFactor.verify') }).click();
    await signedIn(page, lang);

    // The profile counts one recovery code fewer.
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: t(lang, 'profile.twoFactor.title') })).toContainText(lang === 'en' ? '9 unused recovery codes' : '9');
  });
}

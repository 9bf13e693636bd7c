// Single sign-on through a real OpenID Connect provider (oidc-provider, started here on 127.0.0.1),
// in English and in Arabic. The demo owner sets the provider up in Settings → Single sign-on; a
// member of the business whose provider account has the same verified e-mail signs in through it:
// the sign-in page, their organisation's sign-in name, the provider's own login, then (the first
// time) "Link <provider> to your account <username>?" confirmed with their password. The second
// time the provider's answer signs them straight in. Each screen is checked for accessibility.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OIDC_PORT } from '../playwright.config.ts';
import { startOidcProvider, type OidcKit } from '../apps/server/src/test/oidc-kit.ts';
import { DEMO, apiToken, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
let idp: OidcKit;

test.beforeAll(async () => {
  idp = await startOidcProvider({ port: OIDC_PORT, redirectUris: [`http://localhost:${PORT}/api/sso/callback`] });
});

test.afterAll(async () => {
  await idp?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A person with an account of their own (their e-mail claimed) who joins the demo business by its invitation. */
async function memberWithOwnAccount(request: APIRequestContext, suffix: string) {
  const person = { username: `sso${suffix}`, email: `sso.${suffix}@example.com`, fullName: 'Hala Mansour', password: 'own-pass-4821' };
  const registered = await request.post('/api/v1/register', { data: person });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const demoToken = await apiToken(request, DEMO.username, DEMO.password);
  const sites = (await (await request.get('/api/v1/teams?page=0&size=1', { headers: bearer(demoToken) })).json()) as { id: number }[];
  const invited = await request.post(`/api/v1/teams/${sites[0]!.id}/users`, {
    headers: bearer(demoToken),
    data: { name: person.fullName, email: person.email, password: 'unused-pass-93', role: 'MEMBER', position: 'Inspector' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitations = (await (await request.get('/api/v1/invitations?page=0&size=50&status=PENDING', { headers: bearer(demoToken) })).json()) as {
    id: number;
    email: string;
  }[];
  const invitation = invitations.find((i) => i.email === person.email)!;
  const { key } = (await (await request.post(`/api/v1/invitations/${invitation.id}/key`, { headers: bearer(demoToken) })).json()) as { key: string };
  const personToken = await apiToken(request, person.username, person.password);
  const accepted = await request.post(`/api/v1/account/invitations/${invitation.id}/accept`, { headers: bearer(personToken), data: { key } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return person;
}

/** From the sign-in page to the provider's button, by typing the sign-in name. */
async function toProviderButton(page: Page, lang: Lang, slug: string, label: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: t(lang, 'login.sso') }).click();
  await expect(page.getByRole('heading', { name: t(lang, 'sso.title') })).toBeVisible();
  await expectDirection(page, lang);
  await page.getByLabel(t(lang, 'sso.slug')).fill(slug);
  await page.getByRole('button', { name: t(lang, 'sso.continue') }).click();
  const button = page.getByRole('button', { name: t(lang, 'sso.signInWith', { label }) });
  await expect(button).toBeVisible();
  return button;
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a member signs in through the business's provider, linking their account the first time, in ${lang}`, async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    const suffix = unique();
    const slug = `noor-${lang}-${suffix}`.toLowerCase();
    const label = lang === 'en' ? 'Noor ID' : 'هوية نور';
    const person = await memberWithOwnAccount(request, suffix);
    const subject = `staff-${suffix}`;
    idp.addAccount(subject, { email: person.email, emailVerified: true, name: person.fullName });

    // 1. The owner sets the provider up in Settings → Single sign-on.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/settings');
    await page.getByRole('link', { name: t(lang, 'ssoSettings.settingsLink') }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'ssoSettings.title'), level: 1 })).toBeVisible();
    await expect(page.getByLabel(t(lang, 'ssoSettings.redirectUri'))).toHaveValue(`http://localhost:${PORT}/api/sso/callback`);
    await page.getByLabel(t(lang, 'ssoSettings.issuer')).fill(idp.issuer);
    await page.getByLabel(t(lang, 'ssoSettings.clientId')).fill(idp.clientId);
    await page.getByLabel(t(lang, 'ssoSettings.clientSecret')).fill(idp.clientSecret);
    await page.getByRole('textbox', { name: t(lang, 'ssoSettings.slug') }).fill(slug);
    await page.getByLabel(t(lang, 'ssoSettings.label')).fill(label);
    await page.getByRole('button', { name: t(lang, 'ssoSettings.save') }).click();
    await expect(page.getByText(t(lang, 'ssoSettings.saved'))).toBeVisible();
    await expect(page.getByLabel(t(lang, 'ssoSettings.signInAddress'))).toHaveValue(`http://localhost:${PORT}/login/sso/${slug}`);
    await expect(page.getByText(t(lang, 'ssoSettings.clientSecretKept'))).toBeVisible();
    await expectAccessible(page, `single sign-on settings (${lang})`);
    await shot(page, `${lang}-sso-01-settings`);

    // 2. The member, in a browser of their own: an unknown name first, then theirs.
    const context = await browser.newContext();
    const member = await context.newPage();
    await useLanguage(member, lang);
    await member.goto(`/login/sso/no-such-${suffix}`);
    await expect(member.getByText(t(lang, 'messages.ssoUnknownName'))).toBeVisible();
    await expectAccessible(member, `single sign-on, unknown name (${lang})`);
    await shot(member, `${lang}-sso-02-unknown-name`);

    const button = await toProviderButton(member, lang, slug, label);
    await expectAccessible(member, `single sign-on, provider button (${lang})`);
    await shot(member, `${lang}-sso-03-provider-button`);
    await button.click();

    // The provider's own login page.
    await expect(member).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await member.locator('input[name="login"]').fill(subject);
    await member.locator('input[name="password"]').fill('provider-password');
    await member.getByRole('button', { name: 'Sign-in' }).click();

    // Back in the app: the first time, the link is confirmed with the account's password.
    await expect(member.getByRole('heading', { name: t(lang, 'sso.linkTitle') })).toBeVisible();
    await expect(member.getByText(t(lang, 'sso.linkQuestion', { label, username: person.username }))).toBeVisible();
    // Nothing of the outcome stays in the address.
    expect(new URL(member.url()).hash).toBe('');
    await expectDirection(member, lang);
    await expectAccessible(member, `single sign-on, link confirmation (${lang})`);
    await shot(member, `${lang}-sso-04-link`);
    const password = member.getByLabel(t(lang, 'sso.linkPassword', { username: person.username }), { exact: true });
    await password.fill('not-my-password');
    await member.getByRole('button', { name: t(lang, 'sso.linkConfirm') }).click();
    await expect(member.getByText(t(lang, 'messages.ssoPasswordWrong'))).toBeVisible();
    await password.fill(person.password);
    await member.getByRole('button', { name: t(lang, 'sso.linkConfirm') }).click();
    await expect(member).not.toHaveURL(/\/login/);
    await expect(member.getByRole('navigation').first()).toBeVisible();
    await shot(member, `${lang}-sso-05-signed-in`);
    await context.close();

    // 3. The next time, in another browser: the provider's answer signs them in, with nothing to confirm.
    const again = await browser.newContext();
    const second = await again.newPage();
    await useLanguage(second, lang);
    await second.goto(`/login/sso/${slug}`);
    await second.getByRole('button', { name: t(lang, 'sso.signInWith', { label }) }).click();
    await expect(second).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await second.locator('input[name="login"]').fill(subject);
    await second.locator('input[name="password"]').fill('provider-password');
    await second.getByRole('button', { name: 'Sign-in' }).click();
    await expect(second).not.toHaveURL(/\/login/);
    await expect(second.getByRole('navigation').first()).toBeVisible();
    await again.close();

    // The demo business goes back to passwords only, for the journeys after this one.
    const removed = await request.delete('/api/v1/sso', { headers: bearer(await apiToken(request, DEMO.username, DEMO.password)) });
    expect(removed.status()).toBe(204);
  });
}

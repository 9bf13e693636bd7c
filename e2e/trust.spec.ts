// The trust journey, in English and in Arabic: a person with an account and a business of their
// own is invited by the demo owner (through the invite dialog on a site), who issues the
// invitation's link; the person opens it, accepts in their browser and can open the demo business; they change their password on their profile
// and sign in with the new one; "Sign out of all devices" in one browser sends their second,
// already signed-in browser back to sign in; and a person whose password the business chose
// must choose their own first. Each new screen is scanned with axe-core.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, apiToken, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function newPerson(browser: Browser, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, lang);
  return { context, page };
}

/** Signs in without expecting the app behind (the choose-password screen comes first). */
async function submitSignIn(page: Page, lang: Lang, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(username);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
}

/** A full-page screenshot from the top: scrolled, the fixed header would be drawn mid-page. */
async function topShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

async function fillPasswordChange(page: Page, lang: Lang, current: string, next: string) {
  await page.getByLabel(startsWith(t(lang, 'profile.password.current'))).fill(current);
  await page.getByLabel(startsWith(t(lang, 'profile.password.new'))).fill(next);
  await page.getByLabel(startsWith(t(lang, 'profile.password.confirm'))).fill(next);
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`trust journey in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const suffix = unique();
    const letters = suffix.replace(/[0-9]/g, 'x');
    const person = { username: `trust${suffix}`, email: `trust.${suffix}@example.com`, fullName: `Trust Person ${letters}`, password: 'first-pass-91' };
    const newPassword = 'second-pass-92';
    const ownBusiness = `Own Shop ${letters}`;
    const name = (key: string, values?: Record<string, string>) => ({ name: t(lang, key, values) });

    // An existing person with a business of their own, made through the API.
    const registered = await request.post('/api/v1/register', { data: person });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const { id: personId } = (await registered.json()) as { id: number };
    const personToken = await apiToken(request, person.username, person.password);
    const onboarded = await request.post(`/api/v1/onboarding/user/${personId}/business`, { headers: bearer(personToken), data: { name: ownBusiness } });
    expect(onboarded.ok(), await onboarded.text()).toBeTruthy();

    const demoToken = await apiToken(request, DEMO.username, DEMO.password);
    const demoAccount = (await (await request.get('/api/v1/account', { headers: bearer(demoToken) })).json()) as {
      businessIdentities: { businessName: string; defaultBusiness: boolean }[];
    };
    const demoBusiness = (demoAccount.businessIdentities.find((identity) => identity.defaultBusiness) ?? demoAccount.businessIdentities[0]).businessName;
    const sites = (await (await request.get('/api/v1/teams?page=0&size=5', { headers: bearer(demoToken) })).json()) as { id: number; name: string }[];
    const site = sites[0];

    // The demo owner invites the person's e-mail to a site, through the invite dialog.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);
    await page.goto(`/sites/${site.id}`);
    await page.getByRole('tab', name('tabs.members')).click();
    await page.getByRole('button', name('sites.members.invite')).click();
    const invite = page.getByRole('dialog');
    await invite.getByLabel(t(lang, 'siteMembership.name')).fill(person.fullName);
    await invite.getByLabel(t(lang, 'siteMembership.email')).fill(person.email);
    await invite.getByLabel(t(lang, 'siteMembership.password')).first().fill('unused-pass-93');
    await invite.getByLabel(t(lang, 'siteMembership.position')).fill('Inspector');
    await shot(page, `${lang}-trust-01-invite`);
    await invite.getByRole('button', name('siteMembership.invite')).click();
    await expect(page.getByText(t(lang, 'messages.invitationSent'))).toBeVisible();
    await expect(invite).toBeHidden();

    // The business sees it among its pending invitations, and issues the link that lets the person accept.
    await page.goto('/members?tab=invitations');
    const pending = page.getByRole('table', name('siteMembership.pending.title'));
    await expect(pending.getByText(person.email)).toBeVisible();
    await shot(page, `${lang}-trust-02-pending-invitations`);
    await pending.getByRole('button', name('siteMembership.pending.linkOf', { name: person.fullName })).click();
    const linkDialog = page.getByRole('dialog', name('siteMembership.link.title'));
    const linkBox = linkDialog.getByRole('textbox', name('siteMembership.link.label'));
    await expect(linkBox).toHaveValue(/\/invitations\?key=[a-f0-9]+$/);
    const invitationLink = await linkBox.inputValue();
    await expectAccessible(page, `${lang} invitation link`);
    await shot(page, `${lang}-trust-02b-invitation-link`);
    await page.keyboard.press('Escape');

    // The person, in their own browser: nothing is listed to an address they have not proven; the
    // link opens the invitation; they accept and open the business.
    const personA = await newPerson(browser, lang);
    await signIn(personA.page, lang, person.username, person.password);
    await expect(personA.page.getByTestId('business-name')).toHaveText(ownBusiness);
    await expect(personA.page.getByText(t(lang, 'invitationsBanner.one', { business: demoBusiness }))).toHaveCount(0);
    await personA.page.goto(invitationLink);
    const card = personA.page.getByRole('article', { name: demoBusiness });
    await expect(card).toBeVisible();
    await expect(card.getByText(site.name)).toBeVisible();
    await expectDirection(personA.page, lang);
    await expectAccessible(personA.page, `${lang} invitations`);
    await shot(personA.page, `${lang}-trust-04-invitations`);
    await card.getByRole('button', name('invitations.accept')).click();
    await expect(personA.page.getByText(t(lang, 'invitations.joinedTitle', { business: demoBusiness }))).toBeVisible();
    await expect(personA.page.getByText(t(lang, 'invitations.emptyTitle'))).toBeVisible();
    await shot(personA.page, `${lang}-trust-05-accepted`);
    await personA.page.getByRole('button', name('invitations.open', { business: demoBusiness })).click();
    await expect(personA.page.getByTestId('business-name')).toHaveText(demoBusiness);
    await personA.page.getByRole('button', name('user.menu')).click();
    await expect(personA.page.getByRole('menuitem', { name: ownBusiness })).toBeVisible();
    await expect(personA.page.getByRole('menuitem', { name: demoBusiness })).toHaveAttribute('aria-current', 'true');
    await shot(personA.page, `${lang}-trust-06-businesses`);
    await personA.page.keyboard.press('Escape');

    // They change their password on the profile, and sign in with the new one (the old one fails).
    await personA.page.goto('/profile');
    await expect(personA.page.getByRole('heading', name('profile.password.title'))).toBeVisible();
    await expectAccessible(personA.page, `${lang} profile`);
    await fillPasswordChange(personA.page, lang, person.password, newPassword);
    await topShot(personA.page, `${lang}-trust-07-profile-password`);
    await personA.page.getByRole('form', name('profile.password.formLabel')).getByRole('button', name('profile.password.submit')).click();
    await expect(personA.page.getByText(t(lang, 'messages.passwordChanged'))).toBeVisible();
    await personA.page.getByRole('button', name('user.menu')).click();
    await personA.page.getByRole('menuitem', name('nav.logout')).click();
    await expect(personA.page.getByRole('heading', name('login.title'))).toBeVisible();
    await submitSignIn(personA.page, lang, person.username, person.password);
    await expect(personA.page.getByRole('alert').filter({ hasText: t(lang, 'messages.invalidCredentials') })).toBeVisible();
    await signIn(personA.page, lang, person.username, newPassword);

    // A second browser, signed in too; "Sign out of all devices" in the first sends both to sign in.
    const personB = await newPerson(browser, lang);
    await signIn(personB.page, lang, person.username, newPassword);
    await personA.page.goto('/profile');
    await personA.page.getByRole('button', name('profile.sessions.signOutEverywhere')).click();
    const confirm = personA.page.getByRole('dialog', name('profile.sessions.confirmTitle'));
    await topShot(personA.page, `${lang}-trust-08-sign-out-everywhere`);
    await confirm.getByRole('button', name('profile.sessions.confirm')).click();
    await expect(personA.page.getByRole('heading', name('login.title'))).toBeVisible();
    await expect(personA.page).toHaveURL(/\/login$/);
    // The second browser's next call meets the ended session (its own background refresh may get
    // there first): opening a page sends it to sign in, coming back to that page after.
    await personB.page.goto('/members');
    await expect(personB.page.getByRole('heading', name('login.title'))).toBeVisible();
    await expect(personB.page).toHaveURL(/\/login\?redirect=%2Fmembers/);
    await shot(personB.page, `${lang}-trust-09-other-browser-signed-out`);
    await personA.context.close();
    await personB.context.close();

    // A new e-mail invited by the business and activated by it: they sign in with the username it
    // was given (an account a business made does not claim the e-mail), and choose their own password first.
    const fresh = { email: `fresh.${suffix}@example.com`, password: 'given-pass-94' };
    const invited = await request.post(`/api/v1/teams/${site.id}/users`, {
      headers: bearer(demoToken),
      data: { name: `Fresh Person ${letters}`, email: fresh.email, password: fresh.password, role: 'MEMBER' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const found = (await (
      await request.get(`/api/v2/business-members?page=0&size=5&searchKey=${encodeURIComponent(fresh.email)}`, {
        headers: bearer(demoToken),
      })
    ).json()) as { userId: number; email: string; username: string }[];
    const { userId: freshId, username: freshUsername } = found.find((member) => member.email === fresh.email)!;
    expect((await request.post(`/api/v1/users/${freshId}/activate`, { headers: bearer(demoToken) })).ok()).toBeTruthy();

    const freshPerson = await newPerson(browser, lang);
    await submitSignIn(freshPerson.page, lang, freshUsername, fresh.password);
    await expect(freshPerson.page.getByRole('heading', name('choosePassword.title'))).toBeVisible();
    await expect(freshPerson.page.getByRole('navigation', name('nav.mainNavigation'))).toHaveCount(0);
    await expectDirection(freshPerson.page, lang);
    await expectAccessible(freshPerson.page, `${lang} choose password`);
    await fillPasswordChange(freshPerson.page, lang, fresh.password, 'own-choice-95');
    await shot(freshPerson.page, `${lang}-trust-10-choose-password`);
    await freshPerson.page.getByRole('button', name('choosePassword.submit')).click();
    await expect(freshPerson.page.getByRole('navigation', name('nav.mainNavigation'))).toBeVisible();
    await expect(freshPerson.page.getByTestId('business-name')).toHaveText(demoBusiness);
    await shot(freshPerson.page, `${lang}-trust-11-after-choosing`);
    await freshPerson.context.close();
  });
}

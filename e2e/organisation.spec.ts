// The organisation journey, in English and in Arabic: create a project, then a site, invite a
// member, activate them from the copied link in their own browser, transfer the member to
// another site, transfer the site to another project, and read members' tasks by project.
import { expect, test } from '@playwright/test';
import { DEMO, apiToken, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

test.use({
  geolocation: { latitude: 24.7136, longitude: 46.6753 },
  permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
});

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`organisation journey in ${lang}`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const suffix = unique().replace(/[0-9]/g, 'x');
    const projectName = `Flow Project ${suffix}`;
    const siteName = `Flow Site ${suffix}`;
    const email = `flow.${suffix}@example.com`;
    const name = (key: string) => ({ name: t(lang, key) });

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // A project, first refused for a name starting with a digit.
    await page.goto('/projects?new=1');
    const projectDialog = page.getByRole('dialog');
    await projectDialog.getByLabel(t(lang, 'projects.form.name')).first().fill('1 bad');
    await projectDialog.getByRole('button', name('projects.form.create')).click();
    await expect(projectDialog.getByText(t(lang, 'messages.nameInvalid'))).toBeVisible();
    await shot(page, `${lang}-org-01-project-invalid`);
    await projectDialog.getByLabel(t(lang, 'projects.form.name')).first().fill(projectName);
    await projectDialog.getByLabel(t(lang, 'projects.form.website')).fill('https://flow.example.com');
    await projectDialog.getByLabel(t(lang, 'projects.form.type'), { exact: true }).click();
    await page.getByRole('option').first().click();
    await projectDialog.getByRole('button', name('projects.form.create')).click();
    await page.waitForURL(/\/projects\/\d+/);
    const projectId = Number(/projects\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
    await shot(page, `${lang}-org-02-project`);

    // A site in that project, located by the browser.
    await page.goto(`/projects/${projectId}?tab=sites`);
    await page.getByRole('link', name('actions.newSite')).first().click();
    const siteDialog = page.getByRole('dialog');
    await siteDialog.getByLabel(t(lang, 'sites.form.name')).first().fill(siteName);
    await siteDialog.getByRole('button', name('sites.form.findLocation')).click();
    await expect(siteDialog.getByLabel(t(lang, 'sites.form.latitude'))).toHaveValue(/24\.71/);
    await siteDialog.getByLabel(t(lang, 'sites.form.type'), { exact: true }).click();
    await page.getByRole('option').first().click();
    await shot(page, `${lang}-org-03-site-form`);
    await siteDialog.getByRole('button', name('sites.form.create')).click();
    await page.waitForURL(/\/sites\/\d+/);
    const siteId = Number(/sites\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: siteName })).toBeVisible();

    // Invite a member to the site.
    await page.getByRole('tab', name('tabs.members')).click();
    await page.getByRole('button', name('sites.members.invite')).click();
    const invite = page.getByRole('dialog');
    await invite.getByLabel(t(lang, 'siteMembership.name')).fill(`Flow Member ${suffix}`);
    await invite.getByLabel(t(lang, 'siteMembership.email')).fill(email);
    await invite.getByLabel(t(lang, 'siteMembership.password')).first().fill('invited-pass-1');
    await invite.getByLabel(t(lang, 'siteMembership.position')).fill('Guard');
    await shot(page, `${lang}-org-04-invite`);
    await invite.getByRole('button', name('siteMembership.invite')).click();
    await expect(invite).toBeHidden();
    const memberLink = page.getByRole('link', { name: `Flow Member ${suffix}` });
    await expect(memberLink).toBeVisible();
    await shot(page, `${lang}-org-05-site-members`);

    // The activation link, copied from the member's page, opened in the member's own browser.
    await memberLink.click();
    await page.waitForURL(/\/members\/\d+/);
    const memberUrl = page.url().split('?')[0];
    await page.getByRole('button', name('members.actions.activationKey')).first().click();
    // Only the key's hash is kept: the link is shown once, when a key is issued.
    await expect(page.getByRole('dialog').getByText(t(lang, 'members.activation.hidden', { name: `Flow Member ${suffix}` }))).toBeVisible();
    await page.getByRole('dialog').getByRole('button', name('members.activation.issueNew')).click();
    await page.getByRole('dialog').getByRole('button', name('actions.copyLink')).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/activate\?key=[a-f0-9]+$/);
    await shot(page, `${lang}-org-06-activation-key`);
    await page.keyboard.press('Escape');

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await useLanguage(memberPage, lang);
    await memberPage.goto(link);
    await memberPage.getByLabel(t(lang, 'activation.password'), { exact: true }).fill('my-own-pass-1');
    await memberPage.getByLabel(t(lang, 'activation.confirmPassword')).fill('my-own-pass-1');
    await memberPage.getByRole('button', name('activation.submit')).click();
    await expect(memberPage.getByText(t(lang, 'activation.doneTitle'))).toBeVisible();
    // The account the invitation made signs in with its username (made from the address), which
    // the sign-in page is opened with.
    await memberPage.getByRole('link', name('actions.signIn')).click();
    const username = memberPage.getByLabel(t(lang, 'login.username'));
    await expect(username).toHaveValue(new RegExp(`^flow\\.${suffix}\\.\\d{4}$`));
    await signIn(memberPage, lang, await username.inputValue(), 'my-own-pass-1');
    // The signed-in page keeps the bell's stream open, so the network never goes idle: wait for its count.
    await expect(memberPage.getByRole('button', { name: t(lang, 'notifications.bellLabel_zero') })).toBeVisible();
    await shot(memberPage, `${lang}-org-07-member-signed-in`);
    await memberContext.close();

    // Transfer the member from the new site to another one, without plans.
    await page.goto(`${memberUrl}?tab=transfer`);
    await page.getByLabel(t(lang, 'members.transfer.to')).first().click();
    const target = page.getByRole('option').first();
    const targetName = (await target.textContent())!.trim();
    await target.click();
    await page.getByRole('button', name('actions.next')).click();
    await page.getByRole('button', name('members.transfer.submit')).click();
    await expect(page.getByText(t(lang, 'messages.memberTransferred')).first()).toBeVisible();
    await shot(page, `${lang}-org-08-member-transferred`);
    await page.goto(`${memberUrl}?tab=sites`);
    await expect(page.getByRole('link', { name: targetName })).toBeVisible();
    await expect(page.getByRole('link', { name: siteName })).toHaveCount(0);

    // Transfer the site to another project.
    await page.goto(`/sites/${siteId}?tab=transfer`);
    await page.getByLabel(t(lang, 'sites.transfer.target')).first().click();
    const newProject = page.getByRole('option').first();
    const newProjectName = (await newProject.textContent())!.trim();
    await newProject.click();
    await page.getByRole('button', name('sites.transfer.submit')).click();
    await expect(page.getByText(t(lang, 'messages.siteTransferred')).first()).toBeVisible();
    await shot(page, `${lang}-org-09-site-transferred`);
    await page.goto(`/sites/${siteId}`);
    await expect(page.getByRole('link', { name: newProjectName }).first()).toBeVisible();

    // The member page's Tasks tab: nothing yet for the new member; the demo owner's tasks by
    // project, read on a phone without sideways scrolling.
    await page.goto(`${memberUrl}?tab=tasks`);
    await expect(page.getByText(t(lang, 'members.tasks.emptyTitle'))).toBeVisible();
    const token = await apiToken(page.request, DEMO.username, DEMO.password);
    const owner = (await (await page.request.get('/api/v1/account', { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/members/${owner.id}?tab=tasks`);
    await expect(page.getByRole('tab', name('members.tasks.tab'))).toHaveAttribute('aria-selected', 'true');
    const taskItem = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator('a[href^="/tasks/"]') })
      .first();
    await expect(taskItem).toBeVisible();
    await expect(taskItem.getByText(t(lang, 'members.tasks.activePlans', { number: '' }).trim())).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, `${lang}-org-10-member-tasks-phone`);
  });
}

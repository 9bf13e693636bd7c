// Notifications in the browser, in English and Arabic: a forgotten password chosen again from the
// e-mail's link, an invitation activated from its e-mail, the bell of an assigned ticket, and the
// settings that turn a channel off. E-mails go through a real SMTP server (e2e/mail-catcher.ts).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MAIL_PORT } from '../playwright.config.ts';
import { DEMO, addActiveMember, apiToken, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

interface Caught {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The e-mails that reached `to`, once at least `count` did. */
async function mailTo(request: APIRequestContext, to: string, count = 1): Promise<Caught[]> {
  let found: Caught[] = [];
  await expect
    .poll(
      async () => {
        found = (await (await request.get(`http://127.0.0.1:${MAIL_PORT}/messages?to=${encodeURIComponent(to)}`)).json()) as Caught[];
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

const linkIn = (mail: Caught, pattern: RegExp) => {
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
};

async function firstSite(request: APIRequestContext, token: string) {
  const sites = (await (await request.get('/api/v1/teams?page=0&size=1', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  return sites[0]!.id;
}

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test.describe(`notifications (${lang})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('a forgotten password is chosen again from the e-mailed link', async ({ page, request }) => {
      const name = `reset${unique()}`;
      const email = `${name}@example.com`;
      const registered = await request.post('/api/v1/register', { data: { username: name, email, password: 'first-pass-123', fullName: 'Rana Saleh' } });
      expect(registered.status(), await registered.text()).toBe(201);

      await page.goto('/login');
      await page.getByRole('link', { name: t(lang, 'login.forgotPassword') }).click();
      await expectDirection(page, lang);
      await expect(page.getByRole('heading', { name: t(lang, 'passwordReset.forgotTitle') })).toBeVisible();
      await page.getByLabel(t(lang, 'passwordReset.email')).fill(email);
      await page.getByRole('button', { name: t(lang, 'passwordReset.sendLink') }).click();
      await expect(page.getByText(t(lang, 'passwordReset.checkSpam'))).toBeVisible();
      await expectAccessible(page, `forgot password (${lang})`);

      const [mail] = await mailTo(request, email);
      await page.goto(linkIn(mail!, /http:\/\/localhost:\d+\/reset-password\?token=[a-f0-9]+/));
      await expect(page.getByRole('heading', { name: t(lang, 'passwordReset.resetTitle') })).toBeVisible();
      await expectAccessible(page, `reset password (${lang})`);
      await page.getByLabel(t(lang, 'passwordReset.newPassword'), { exact: true }).fill('second-pass-456');
      await page.getByLabel(t(lang, 'passwordReset.confirmPassword')).fill('second-pass-456');
      await shot(page, `reset-password-${lang}`);
      await page.getByRole('button', { name: t(lang, 'passwordReset.submit') }).click();
      await expect(page).toHaveURL(/\/login/);
      // Signed in with the new password: an account without a business goes on to create one.
      await page.getByLabel(t(lang, 'login.username')).fill(name);
      await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill('second-pass-456');
      await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
      await expect(page).not.toHaveURL(/\/login/);

      // The link worked once.
      await page.goto(linkIn(mail!, /http:\/\/localhost:\d+\/reset-password\?token=[a-f0-9]+/));
      await page.getByLabel(t(lang, 'passwordReset.newPassword'), { exact: true }).fill('third-pass-789');
      await page.getByLabel(t(lang, 'passwordReset.confirmPassword')).fill('third-pass-789');
      await page.getByRole('button', { name: t(lang, 'passwordReset.submit') }).click();
      await expect(page.getByRole('link', { name: t(lang, 'passwordReset.askAgain') })).toBeVisible();
    });

    test('an invitation is activated from its e-mail', async ({ page, request }) => {
      const token = await apiToken(request, DEMO.username, DEMO.password);
      const email = `invitee${unique()}@example.com`;
      const invited = await request.post(`/api/v1/teams/${await firstSite(request, token)}/users`, {
        headers: { authorization: `Bearer ${token}` },
        data: { name: 'Salma Idris', email, password: 'given-pass-123', role: 'MEMBER', position: 'Cleaner' },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const [mail] = await mailTo(request, email);
      expect(mail!.subject).toContain('Noor Facility Services');
      await page.goto(linkIn(mail!, /http:\/\/localhost:\d+\/activate\?key=[a-f0-9]+/));
      await expectDirection(page, lang);
      await page.getByLabel(t(lang, 'activation.name')).fill('Salma Idris');
      await page.getByLabel(t(lang, 'activation.password'), { exact: true }).fill('own-pass-12345');
      await page.getByLabel(t(lang, 'activation.confirmPassword')).fill('own-pass-12345');
      await page.getByRole('button', { name: t(lang, 'activation.submit') }).click();
      await expect(page.getByText(t(lang, 'activation.doneTitle'))).toBeVisible();
    });

    for (const viewport of [
      { name: 'desktop', width: 1366, height: 768 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      test(`the bell tells a member of a ticket assigned to them, and settings turn e-mail off (${viewport.name})`, async ({ page, request }) => {
        await page.setViewportSize(viewport);
        const token = await apiToken(request, DEMO.username, DEMO.password);
        const person = { name: 'Omar Nasser', email: `bell${unique()}@example.com`, password: 'member-pass-123' };
        const member = await addActiveMember(request, token, await firstSite(request, token), person);
        await signIn(page, lang, member.username, person.password);
        const bell = page.getByRole('button', { name: /^(Notifications|الإشعارات)/ });
        await expect(bell).toHaveAccessibleName(t(lang, 'notifications.bellLabel_zero'));

        const title = `Broken lock ${unique()}`;
        const created = await request.post('/services/helpdesk/api/v1/tickets', {
          headers: { authorization: `Bearer ${token}` },
          data: { title, description: 'The back door does not lock', agentId: member.userId },
        });
        expect(created.status(), await created.text()).toBe(201);
        const ticketId = ((await created.json()) as { id: number }).id;
        // Live: the count changes without a reload.
        await expect(bell).not.toHaveAccessibleName(t(lang, 'notifications.bellLabel_zero'), { timeout: 20_000 });
        await bell.click();
        await expect(page.getByText(title)).toBeVisible();
        await shot(page, `bell-${lang}-${viewport.name}`);
        await expectAccessible(page, `bell (${lang}, ${viewport.name})`);
        await page.getByText(title).click();
        await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
        await expect(bell).toHaveAccessibleName(t(lang, 'notifications.bellLabel_zero'));

        // Settings: no e-mail for tickets assigned.
        await page.goto('/profile#notifications');
        const choice = page.getByRole('checkbox', {
          name: t(lang, 'profile.notifications.choice', {
            channel: t(lang, 'profile.notifications.channels.email'),
            event: t(lang, 'profile.notifications.events.ticketAssigned'),
          }),
        });
        await expect(choice).toBeChecked();
        await choice.uncheck();
        await page.getByRole('button', { name: t(lang, 'profile.notifications.save') }).click();
        await expect(page.getByText(t(lang, 'messages.notificationSettingsSaved'))).toBeVisible();
        await expectAccessible(page, `notification settings (${lang}, ${viewport.name})`);
        await page.reload();
        await expect(choice).not.toBeChecked();
      });
    }
  });
}

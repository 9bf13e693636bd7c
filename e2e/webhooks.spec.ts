// Webhooks, in English and in Arabic. The owner opens Settings → Webhooks, registers an endpoint
// (a receiver this spec runs on 127.0.0.1, which the e2e server accepts with
// WEBHOOKS_ALLOW_PRIVATE_HOSTS) for new tickets, and copies its secret. A ticket made through the
// API reaches the receiver signed with that secret, and its delivery shows in the endpoint's log.
// The page, the form and the log are checked for accessibility.
import { expect, test } from '@playwright/test';
import { startReceiver, type Receiver } from '../apps/server/src/test/webhook-receiver.ts';
import { DEMO, apiToken, call, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const HELPDESK = '/services/helpdesk/api';

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`an owner registers a webhook, a new ticket reaches it signed, and its delivery shows in the log, in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const suffix = unique();
    const hookPath = `/hook-${lang}-${suffix}`;
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    await page.goto('/settings');
    await page.getByRole('link', { name: t(lang, 'webhooks.settingsLink') }).click();
    await expect(page.getByRole('heading', { name: t(lang, 'webhooks.title'), level: 1 })).toBeVisible();
    await expectAccessible(page, `webhooks page (${lang})`);

    await page
      .getByRole('button', { name: t(lang, 'webhooks.new') })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: t(lang, 'webhooks.form.newTitle') });
    await form.getByRole('textbox', { name: t(lang, 'webhooks.form.url') }).fill(receiver.url(hookPath));
    await form.getByRole('textbox', { name: t(lang, 'webhooks.form.descriptionLabel') }).fill(lang === 'en' ? 'Ticket system' : 'نظام التذاكر');
    await form.getByRole('checkbox', { name: t(lang, 'webhooks.event.ticket_created') }).check();
    await expectAccessible(page, `webhook form (${lang})`);
    await form.getByRole('button', { name: t(lang, 'webhooks.form.create') }).click();

    const secretDialog = page.getByRole('dialog', { name: t(lang, 'webhooks.secret.createdTitle') });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets(hookPath, secret);
    await expect(secretDialog.getByRole('button', { name: t(lang, 'webhooks.secret.copy') })).toBeVisible();
    await shot(page, `webhooks-secret-${lang}`);
    await secretDialog.getByRole('button', { name: t(lang, 'webhooks.secret.done') }).click();

    const card = page.getByTestId('webhook-card').filter({ hasText: receiver.url(hookPath) });
    await expect(card.getByText(t(lang, 'webhooks.event.ticket_created'))).toBeVisible();
    await expect(card.getByText(t(lang, 'webhooks.enabled'), { exact: true })).toBeVisible();

    // An event: a ticket made through the API.
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const sites = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/teams?page=0&size=1');
    const title = `Webhook ticket ${suffix}`;
    const ticket = await call<{ id: number }>(request, token, 'POST', `${HELPDESK}/v1/tickets`, {
      title,
      description: 'Sent to the webhook',
      teamId: sites[0]!.id,
    });

    await expect.poll(() => receiver.received.filter((r) => r.path === hookPath).length, { timeout: 30_000 }).toBe(1);
    const [got] = receiver.received.filter((r) => r.path === hookPath);
    expect(got!.verified).toBe(true);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'ticket.created', data: { target: { type: 'ticket', id: ticket.id, name: title } } });

    await card.getByRole('button', { name: t(lang, 'webhooks.actions', { url: receiver.url(hookPath) }) }).click();
    await page.getByRole('menuitem', { name: t(lang, 'webhooks.deliveries') }).click();
    const log = page.getByRole('dialog', { name: t(lang, 'webhooks.log.title', { url: receiver.url(hookPath) }) });
    const row = log.getByTestId('webhook-delivery').first();
    await expect(row.getByText(t(lang, 'webhooks.event.ticket_created'))).toBeVisible();
    await expect(row.getByText(t(lang, 'webhooks.log.state.succeeded'))).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('200', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: t(lang, 'webhooks.log.resend') })).toBeEnabled();
    await expectAccessible(page, `webhook deliveries (${lang})`);
    await shot(page, `webhooks-log-${lang}`);
  });
}

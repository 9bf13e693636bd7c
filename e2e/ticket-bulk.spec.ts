// Bulk changes on the ticket board, in English on a laptop (chosen with the keyboard) and in
// Arabic on a phone (chosen with taps): five tickets made through the API are chosen on the
// board and assigned to a member in one go, each card then shows the member; then the same five
// are moved to In progress with one reason, where the one already In progress is refused and
// reported, and stays chosen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PHONE } from './phone.ts';
import { apiToken, call, DEMO, expectAccessible, expectDirection, shot, t, unique, useLanguage, type Lang } from './support.ts';

const HELPDESK = '/services/helpdesk/api/v1';

interface Made {
  id: number;
  title: string;
}

async function pageFor(browser: Browser, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: { width: 1440, height: 900 } }),
  });
  return context.newPage();
}

for (const [lang, phone] of [
  ['en', false],
  ['ar', true],
] as const satisfies [Lang, boolean][]) {
  test(`bulk-assigns five tickets from the board and reports a forbidden move in ${lang} (${phone ? 'phone' : 'desktop'})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const run = unique();
    const tickets: Made[] = [];
    for (let i = 1; i <= 5; i++) {
      const title = lang === 'en' ? `Bulk ${run} lamp ${i}` : `جماعي ${run} مصباح ${i}`;
      tickets.push(await call<Made>(request, token, 'POST', `${HELPDESK}/tickets`, { title, description: 'Needs a look' }));
    }
    // One is already In progress: moving it there again is no move, and is refused.
    const moved = tickets[4];
    await call(request, token, 'PUT', `${HELPDESK}/tickets/${moved.id}/status/IN_PROGRESS?reason=${encodeURIComponent('Started')}`);
    const members = await call<{ userId: number; username: string; fullName: string | null }[]>(
      request,
      token,
      'GET',
      '/api/v2/business-members?page=0&size=20',
    );
    const assignee = members.find((member) => member.username !== DEMO.username) ?? members[0];
    const assigneeName = assignee.fullName || assignee.username;

    const page = await pageFor(browser, phone);
    await useLanguage(page, lang);
    await page.goto('/login');
    await page.getByLabel(t(lang, 'login.username')).fill(DEMO.username);
    await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
    // Signed in once the app has left the sign-in page (slower on a busy machine than the usual check waits).
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await expectDirection(page, lang);
    await page.goto('/tickets');
    await expect(page.getByRole('region', { name: t(lang, 'tickets.board.label') })).toBeVisible({ timeout: 30_000 });
    const card = (made: Made) => page.locator(`[data-ticket-id="${made.id}"]`);
    await expect(card(tickets[0])).toBeVisible();

    const bar = page.getByRole('form', { name: t(lang, 'tickets.bulk.bar') });
    const count = bar.getByTestId('bulk-count');
    // The board draws the cards near the screen only: scroll as a person would until the card is there.
    const reach = async (made: Made) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let i = 0; i < 20 && (await card(made).count()) === 0; i++) await page.mouse.wheel(0, 250);
      await card(made).scrollIntoViewIfNeeded();
    };
    const choose = async () => {
      for (const made of tickets) {
        await reach(made);
        if (phone) {
          // A tap on the card's checkbox (the board scrolls sideways on a phone).
          await card(made)
            .getByRole('checkbox', { name: t(lang, 'tickets.bulk.selectTicket', { id: String(made.id), title: made.title }) })
            .tap();
        } else {
          // Space on the card's title.
          await card(made).getByRole('link', { name: made.title }).focus();
          await page.keyboard.press('Space');
        }
        await expect(card(made)).toHaveAttribute('data-selected', 'true');
      }
      await expect(count).toHaveText(new RegExp(`[5٥]`));
    };

    await page.getByRole('button', { name: t(lang, 'tickets.bulk.select'), exact: true }).click();
    await expect(bar).toBeVisible();
    await choose();
    await shot(page, `ticket-bulk-${lang}-01-chosen`);
    await expectAccessible(page, `the board choosing tickets in ${lang}`);

    // 1. Everyone to one member.
    await bar.getByRole('combobox', { name: t(lang, 'tickets.fields.assignee') }).click();
    await bar.getByRole('combobox', { name: t(lang, 'tickets.fields.assignee') }).fill(assigneeName.slice(0, 4));
    await page.getByRole('option', { name: assigneeName }).first().click();
    await bar.getByRole('button', { name: t(lang, 'tickets.bulk.apply') }).click();
    const report = page.getByTestId('bulk-result');
    await expect(report).toHaveAttribute('role', 'status');
    await expect(report).toContainText(t(lang, 'tickets.bulk.applied', { count: '' }).trim());
    for (const made of tickets) {
      await reach(made);
      await expect(card(made)).toContainText(assigneeName);
      await expect(card(made)).not.toHaveAttribute('data-selected', 'true');
    }
    await shot(page, `ticket-bulk-${lang}-02-assigned`);

    // 2. All five to In progress with one reason: the one already there is refused and reported.
    await choose();
    await bar.getByRole('combobox', { name: t(lang, 'tickets.bulk.change') }).click();
    await page.getByRole('option', { name: t(lang, 'tickets.bulk.kind.status') }).click();
    await bar.getByRole('combobox', { name: t(lang, 'tickets.fields.status') }).click();
    await page.getByRole('option', { name: t(lang, 'tickets.status.IN_PROGRESS') }).click();
    await bar.getByLabel(t(lang, 'tickets.reason.label')).fill(lang === 'en' ? 'Parts arrived' : 'وصلت القطع');
    await bar.getByRole('button', { name: t(lang, 'tickets.bulk.apply') }).click();
    await expect(report).toHaveAttribute('role', 'alert');
    await expect(report).toContainText(`#${moved.id}`);
    await expect(report).toContainText(t(lang, 'messages.transitionUnavailable'));
    await expect(count).toHaveText(/[1١]/);
    await expect(card(moved)).toHaveAttribute('data-selected', 'true');
    for (const made of tickets.slice(0, 4)) {
      await reach(made);
      await expect(page.locator(`section[data-status="IN_PROGRESS"] [data-ticket-id="${made.id}"]`)).toBeVisible();
    }
    await shot(page, `ticket-bulk-${lang}-03-refused`);
    await expectAccessible(page, `the bulk report in ${lang}`);

    // Escape lets go of the refused one.
    await page.keyboard.press('Escape');
    await reach(moved);
    await expect(card(moved)).not.toHaveAttribute('data-selected', 'true');
    await page.context().close();
  });
}

// The helpdesk journey, in English and in Arabic, each with its own ticket: create a ticket with
// two images, drag it from New to In progress with a reason, see a forbidden move refused, close
// it through Resolved, add and edit a comment, and read the ticket's history.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, expectDirection, png, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);

async function giveReason(page: Page, lang: Lang, reason: string) {
  const dialog = page.getByRole('dialog', { name: t(lang, 'tickets.reason.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t(lang, 'tickets.reason.label')).fill(reason);
  await dialog.getByRole('button', { name: t(lang, 'tickets.reason.confirm') }).click();
  await expect(dialog).toBeHidden();
}

async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await expect(toast.first()).toBeVisible();
  // Closing it keeps the next screenshot about the next step.
  await toast.first().getByRole('button').click();
  await expect(toast).toHaveCount(0);
}

async function moveWithMenu(page: Page, lang: Lang, card: Locator, title: string, status: string) {
  await card.getByRole('button', { name: t(lang, 'tickets.card.menu', { title }) }).click();
  await page.getByRole('menuitem', { name: t(lang, `tickets.status.${status}`) }).click();
}

// The board's five columns side by side, as on a laptop.
test.use({ viewport: { width: 1440, height: 900 } });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`tickets journey in ${lang}`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const title = lang === 'en' ? `Leaking pipe in plant room ${unique()}` : `تسرب في غرفة المضخات ${unique()}`;
    const description = lang === 'en' ? 'Water drips from the main valve onto the floor.' : 'تتساقط المياه من الصمام الرئيسي على الأرض.';
    const name = (key: string, values?: Record<string, string>) => ({ name: t(lang, key, values), exact: true });

    const token = await apiToken(request, DEMO.username, DEMO.password);
    const account = await (await request.get('/api/v1/account', { headers: { Authorization: `Bearer ${token}` } })).json();
    const me: string = account.fullName || account.username;

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // 1. A new ticket with two images.
    await page.goto('/tickets');
    await expect(column(page, 'NEW')).toBeVisible();
    await shot(page, `tickets-${lang}-01-board`);
    await page.getByRole('button', name('tickets.new')).first().click();
    const form = page.getByRole('dialog', name('tickets.form.newTitle'));
    await form.getByLabel(t(lang, 'tickets.fields.title')).fill(title);
    await form.getByLabel(t(lang, 'tickets.fields.description')).fill(description);
    await form.getByRole('combobox', name('tickets.fields.priority')).click();
    await page.getByRole('option', name('tickets.priority.HIGH')).click();
    await form.locator('input[type="file"]').setInputFiles([
      { name: 'valve.png', mimeType: 'image/png', buffer: png(64, 48, () => [30, 120, 220]) },
      { name: 'floor.png', mimeType: 'image/png', buffer: png(48, 64, () => [220, 90, 40]) },
    ]);
    await expect(form.getByRole('img', { name: 'valve.png' })).toBeVisible();
    await expect(form.getByRole('img', { name: 'floor.png' })).toBeVisible();
    await shot(page, `tickets-${lang}-02-new-ticket`);
    await form.getByRole('button', name('tickets.form.create')).click();
    await expect(form).toBeHidden();
    await expectToast(page, new RegExp(escapeRegExp(t(lang, 'tickets.form.created', { id: 'NUMBER' })).replace('NUMBER', '\\d+')));

    const card = page.locator('[data-ticket-id]', { hasText: title });
    await expect(column(page, 'NEW').locator('[data-ticket-id]').first()).toContainText(title);
    await expect(card.getByLabel(t(lang, 'tickets.card.attachments', { count: '2' }))).toBeVisible();
    const ticketId = Number(await card.getAttribute('data-ticket-id'));
    await shot(page, `tickets-${lang}-03-created`);

    // 2. The search narrows the board to this ticket: the columns stay short whatever earlier
    // journeys left behind, so a drag starts and ends where it was aimed.
    await page.getByRole('textbox', name('tickets.filters.search')).fill(title);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(column(page, 'NEW').getByTestId('count-NEW')).toHaveText('1');
    await expect(page.locator('[data-ticket-id]')).toHaveCount(1);

    // Dragged from New to In progress, with a reason.
    await card.dragTo(column(page, 'IN_PROGRESS'));
    await giveReason(page, lang, lang === 'en' ? 'Plumber on the way' : 'السبّاك في الطريق');
    await expect(column(page, 'IN_PROGRESS').locator('[data-ticket-id]').first()).toContainText(title);
    await expect(column(page, 'NEW').getByTestId('count-NEW')).toHaveText('0');
    await expectToast(page, t(lang, 'messages.ticketStatusUpdated'));
    await shot(page, `tickets-${lang}-04-in-progress`);

    // 3. Back to New is not a move a ticket can make: refused without asking for a reason.
    await card.dragTo(column(page, 'NEW'));
    await expect(page.getByRole('dialog', name('tickets.reason.title'))).toHaveCount(0);
    await expect(page.locator('.mantine-Notification-root', { hasText: t(lang, 'messages.transitionUnavailable') })).toBeVisible();
    await shot(page, `tickets-${lang}-05-refused`);
    await expectToast(page, t(lang, 'messages.transitionUnavailable'));
    await expect(column(page, 'IN_PROGRESS').locator('[data-ticket-id]', { hasText: title })).toBeVisible();
    // The card's menu offers only the allowed moves.
    await card.getByRole('button', name('tickets.card.menu', { title })).click();
    await expect(page.getByRole('menuitem', name('tickets.status.NEW'))).toBeDisabled();
    await expect(page.getByRole('menuitem', name('tickets.status.CLOSED'))).toBeDisabled();
    // Escape reaches the menu once the menu holds the focus (a busy browser moves it there late).
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // 4. Resolved, then closed, each with a reason.
    await moveWithMenu(page, lang, card, title, 'RESOLVED');
    await giveReason(page, lang, lang === 'en' ? 'Valve replaced' : 'تم تغيير الصمام');
    await expect(column(page, 'RESOLVED').locator('[data-ticket-id]').first()).toContainText(title);
    await expectToast(page, t(lang, 'messages.ticketStatusUpdated'));
    await card.dragTo(column(page, 'CLOSED'));
    await giveReason(page, lang, lang === 'en' ? 'Checked the next morning' : 'تم التحقق في صباح اليوم التالي');
    await expect(column(page, 'CLOSED').locator('[data-ticket-id]').first()).toContainText(title);
    await expectToast(page, t(lang, 'messages.ticketStatusUpdated'));
    await shot(page, `tickets-${lang}-06-closed`);

    // 5. A comment, added and then edited by its author.
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(new RegExp(`/tickets/${ticketId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', name('tickets.attachments.open', { name: 'valve.png' }))).toBeVisible();
    await expect(page.getByRole('button', name('tickets.attachments.open', { name: 'floor.png' }))).toBeVisible();
    const comment = lang === 'en' ? 'Plumber says the seal was worn.' : 'قال السبّاك إن الحشوة كانت تالفة.';
    const edited = lang === 'en' ? 'Plumber says the seal was worn; replaced it.' : 'قال السبّاك إن الحشوة كانت تالفة وتم تغييرها.';
    await page.getByRole('button', name('tickets.comments.add')).click();
    await expect(page.getByText(t(lang, 'messages.commentEmpty'))).toBeVisible();
    await page.getByRole('textbox', name('tickets.comments.label')).fill(comment);
    // An impatient double click adds the comment once.
    await page.getByRole('button', name('tickets.comments.add')).dblclick();
    await expectToast(page, t(lang, 'messages.commentAdded'));
    const item = page.locator('[data-comment-id]', { hasText: comment });
    await expect(item).toBeVisible();
    await page.reload();
    await expect(item).toHaveCount(1);
    await item.getByRole('button', name('actions.edit')).click();
    const editor = page.getByRole('textbox', name('tickets.comments.label')).nth(1);
    await editor.fill(edited);
    await page.getByRole('button', name('actions.saveChanges')).click();
    await expectToast(page, t(lang, 'messages.commentUpdated'));
    await expect(page.locator('[data-comment-id]', { hasText: edited })).toBeVisible();
    await expect(page.locator('[data-comment-id]', { hasText: edited }).getByText(t(lang, 'tickets.comments.edited'))).toBeVisible();
    await shot(page, `tickets-${lang}-07-comment`);

    // 6. The history tells the story in the reader's language, newest first.
    const status = (from: string, to: string, reason: string) =>
      t(lang, 'tickets.history.withReason', {
        text: t(lang, 'tickets.history.status', { actor: me, from: t(lang, `tickets.status.${from}`), to: t(lang, `tickets.status.${to}`) }),
        reason,
      });
    const history = page.locator('[data-history-field]');
    await expect(history).toHaveText([
      status('RESOLVED', 'CLOSED', lang === 'en' ? 'Checked the next morning' : 'تم التحقق في صباح اليوم التالي'),
      status('IN_PROGRESS', 'RESOLVED', lang === 'en' ? 'Valve replaced' : 'تم تغيير الصمام'),
      status('NEW', 'IN_PROGRESS', lang === 'en' ? 'Plumber on the way' : 'السبّاك في الطريق'),
      // Created, perhaps assigned by the business's ticket assignment.
      new RegExp(`^${escapeRegExp(t(lang, 'tickets.history.created', { actor: me }))}`),
    ]);
    await shot(page, `tickets-${lang}-08-history`);
  });
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the ticket board shows all five columns at 1366 px and scrolls visibly when narrower, in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/tickets');
    const board = page.getByRole('region', { name: t(lang, 'tickets.board.label') });
    await expect(column(page, 'CLOSED')).toBeVisible();
    const frame = (await board.boundingBox())!;
    for (const status of ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED']) {
      const box = (await column(page, status).boundingBox())!;
      expect(box.x, `${status} starts inside the board`).toBeGreaterThanOrEqual(frame.x - 1);
      expect(box.x + box.width, `${status} ends inside the board`).toBeLessThanOrEqual(frame.x + frame.width + 1);
    }
    await shot(page, `tickets-board-1366-${lang}`);

    // A phone: the board scrolls sideways, with a scrollbar that shows it.
    await page.setViewportSize({ width: 390, height: 844 });
    const scrollbar = board.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
    await expect(scrollbar).toBeVisible();
    await shot(page, `tickets-board-phone-${lang}`);
  });
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a ticket moves between columns with the keyboard alone, in ${lang}`, async ({ page, request }) => {
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const title = `Keyboard move ${unique()}`;
    const created = await request.post('/services/helpdesk/api/v1/tickets', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Moved without a mouse.' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.setViewportSize({ width: 1366, height: 768 });
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/tickets');
    const card = column(page, 'NEW').locator('[data-ticket-id]', { hasText: title });
    await expect(card).toBeVisible();

    // Focus the card's menu, open it with Enter, walk to "In progress" with the arrow keys.
    await card.getByRole('button', { name: t(lang, 'tickets.card.menu', { title }) }).focus();
    await page.keyboard.press('Enter');
    const target = page.getByRole('menuitem', { name: t(lang, 'tickets.status.IN_PROGRESS') });
    for (let i = 0; i < 6 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(target).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: t(lang, 'tickets.reason.title') });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel(t(lang, 'tickets.reason.label'));
    for (let i = 0; i < 5 && !(await reason.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(reason).toBeFocused();
    await page.keyboard.type('Started on it');
    await page.keyboard.press('Tab');
    for (
      let i = 0;
      i < 4 && !(await dialog.getByRole('button', { name: t(lang, 'tickets.reason.confirm') }).evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const moved = column(page, 'IN_PROGRESS').locator('[data-ticket-id]', { hasText: title });
    await expect(moved).toBeVisible();
    // The focus stays with the card, in its new column, so the next key goes on from there.
    await expect(moved.getByRole('button', { name: t(lang, 'tickets.card.menu', { title }) })).toBeFocused();
  });
}

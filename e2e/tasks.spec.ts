// The tasks journey, in English and in Arabic: start a task from a template, add a yes/no action
// and a photo action, chain the photo to appear only when the answer is "No", try it in the
// preview, then reorder, tag, duplicate and delete actions.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, apiToken, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const WORKFLOW = '/services/workflow/api';

/** The action type names the server gives, in the journey's language. */
async function typeNames(page: Page, lang: Lang): Promise<Record<string, string>> {
  const token = await apiToken(page.request, DEMO.username, DEMO.password);
  const res = await page.request.get(`${WORKFLOW}/v1/action-types`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const types = (await res.json()) as { type: string; nameEn: string; nameAr: string }[];
  return Object.fromEntries(types.map((item) => [item.type, lang === 'en' ? item.nameEn : item.nameAr]));
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`tasks journey in ${lang}`, async ({ page }) => {
    test.setTimeout(150_000);
    const suffix = unique();
    // Each run names its actions in its own language only: either name is enough.
    const yesNo = lang === 'en' ? `Is the door damaged ${suffix}?` : `هل الباب تالف ${suffix}؟`;
    const photo = lang === 'en' ? `Photo of the door ${suffix}` : `صورة الباب ${suffix}`;
    const nameField = lang === 'en' ? 'tasks.actionForm.nameEn' : 'tasks.actionForm.nameAr';
    const template = lang === 'en' ? 'Store opening audit' : 'تدقيق افتتاح المتجر';
    const name = (key: string, values?: Record<string, string>) => ({ name: t(lang, key, values) });
    const types = await typeNames(page, lang);

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // 1) A task from a template, found by searching the template browser.
    await page.goto('/tasks');
    await expect(page.getByRole('heading', name('nav.tasks'))).toBeVisible();
    await shot(page, `tasks-${lang}-01-list`);
    await page.getByRole('link', name('tasks.fromTemplate')).first().click();
    await page.waitForURL(/\/tasks\/templates/);
    await page.getByRole('textbox', name('tasks.templates.searchLabel')).fill(lang === 'en' ? ' opening ' : ' افتتاح ');
    await page.waitForURL(/q=/);
    const card = page.getByRole('article', { name: template });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await card.getByRole('button', name('tasks.templates.preview')).click();
    const drawer = page.getByRole('dialog', name('tasks.templates.previewTitle'));
    await expect(drawer.getByText(lang === 'en' ? 'Did the store open on time?' : 'هل فُتح المتجر في الوقت المحدد؟', { exact: true })).toBeVisible();
    await shot(page, `tasks-${lang}-02-template-preview`);
    await drawer.getByRole('button', name('tasks.templates.use')).click();
    await page.waitForURL(/\/tasks\/\d+$/);
    await expect(page.getByRole('heading', { name: template })).toBeVisible();
    await expect(page.getByText(t(lang, 'tasks.templates.created'))).toBeVisible();
    await shot(page, `tasks-${lang}-03-task-from-template`);

    // 2) A yes/no action (first refused without a name) and a photo action.
    const addAction = async (actionName: string, type: string, shotName?: string) => {
      await page.getByRole('button', name('tasks.actions.add')).first().click();
      const dialog = page.getByRole('dialog', name('tasks.actionForm.newTitle'));
      await choose(page, dialog.getByRole('combobox', { name: t(lang, 'tasks.actionForm.type') }), type);
      if (shotName) {
        await dialog.getByRole('button', name('tasks.actionForm.add')).click();
        await expect(dialog.getByText(t(lang, 'messages.nameEnOrArRequired'))).toBeVisible();
      }
      await dialog.getByRole('textbox', { name: t(lang, nameField) }).fill(actionName);
      await dialog.getByRole('switch', name('tasks.actionForm.required')).check();
      if (shotName) await shot(page, shotName);
      await dialog.getByRole('button', name('tasks.actionForm.add')).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('listitem', { name: actionName })).toBeVisible();
    };
    await addAction(yesNo, types.YES_NO, `tasks-${lang}-04-action-form`);
    await addAction(photo, types.PHOTO);
    await shot(page, `tasks-${lang}-05-actions-added`);

    // 3) The photo is asked only when the answer is "No".
    const photoItem = page.getByRole('listitem', { name: photo });
    await photoItem.getByRole('button', name('tasks.actions.menuOf', { name: photo })).click();
    await page.getByRole('menuitem', name('tasks.rule.menu')).click();
    const rule = page.getByRole('dialog', name('tasks.rule.title'));
    await choose(page, rule.getByRole('combobox', { name: t(lang, 'tasks.rule.ifAnswerTo') }), yesNo);
    await choose(page, rule.getByRole('combobox', { name: t(lang, 'tasks.rule.is'), exact: true }), t(lang, 'tasks.rule.no'));
    await rule.getByText(t(lang, 'tasks.rule.visibility.DISPLAY'), { exact: true }).click();
    await shot(page, `tasks-${lang}-06-chain-rule`);
    await rule.getByRole('button', name('tasks.rule.save')).click();
    await expect(rule).toBeHidden();
    await expect(photoItem.getByText(t(lang, 'tasks.rule.sentence.DISPLAY', { base: yesNo, answer: t(lang, 'tasks.rule.no') }))).toBeVisible();
    await shot(page, `tasks-${lang}-07-rule-in-words`);

    // 4) The preview: hidden at first and after Yes, shown after No.
    await page.getByRole('tab', name('tasks.detail.previewTab')).click();
    const question = page.getByRole('group', { name: yesNo });
    const photoStep = page.getByRole('region', { name: photo });
    await expect(question).toBeVisible();
    await expect(photoStep).toHaveCount(0);
    await question.getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true }).click();
    await expect(photoStep).toHaveCount(0);
    await shot(page, `tasks-${lang}-08-preview-yes`);
    await question.getByRole('button', { name: t(lang, 'taskRunner.no'), exact: true }).click();
    await expect(photoStep).toBeVisible();
    await expect(photoStep.getByRole('button', name('taskRunner.photo.take'))).toBeVisible();
    await photoStep.scrollIntoViewIfNeeded();
    await shot(page, `tasks-${lang}-09-preview-no`);

    // 5) Reorder: the yes/no moves up; the photo cannot move above the action it depends on.
    await page.getByRole('tab', name('tasks.detail.actionsTab')).click();
    const list = page.getByRole('list', name('tasks.actions.listLabel'));
    const order = () => list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    await expect(list.getByRole('listitem', { name: yesNo })).toBeVisible();
    const before = (await order()).indexOf(yesNo);
    await page.getByRole('button', name('tasks.actions.moveUpOf', { name: yesNo })).click();
    await expect.poll(async () => (await order()).indexOf(yesNo)).toBe(before - 1);
    await page.getByRole('button', name('tasks.actions.moveUpOf', { name: photo })).click();
    await expect.poll(async () => (await order()).indexOf(photo)).toBe(before);
    await page.getByRole('button', name('tasks.actions.moveUpOf', { name: photo })).click();
    await expect(page.getByText(t(lang, 'messages.reorderActionsFailed'))).toBeVisible();
    await expect.poll(async () => (await order()).indexOf(photo)).toBe(before);
    await shot(page, `tasks-${lang}-10-reorder-refused`);

    // Tag the yes/no action.
    const yesNoItem = page.getByRole('listitem', { name: yesNo });
    await yesNoItem.getByRole('button', name('tasks.actions.menuOf', { name: yesNo })).click();
    await page.getByRole('menuitem', name('actions.edit')).click();
    const edit = page.getByRole('dialog', name('tasks.actionForm.editTitle'));
    await choose(page, edit.getByRole('combobox', name('tasks.actionForm.tags')), lang === 'en' ? 'Safety' : 'السلامة');
    await edit.getByRole('combobox', name('tasks.actionForm.tags')).press('Escape');
    await edit.getByRole('button', name('actions.saveChanges')).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(t(lang, 'messages.tagAssigned'))).toBeVisible();
    await expect(yesNoItem.getByText(lang === 'en' ? 'Safety' : 'السلامة')).toBeVisible();
    await shot(page, `tasks-${lang}-11-tagged`);

    // The yes/no cannot be deleted while the photo depends on it: the dialog says so before any
    // confirmation, names the photo action, and offers no Delete.
    await yesNoItem.getByRole('button', name('tasks.actions.menuOf', { name: yesNo })).click();
    await page.getByRole('menuitem', name('actions.delete')).click();
    const refuse = page.getByRole('dialog', name('tasks.actions.deleteTitle'));
    await expect(refuse.getByText(t(lang, 'tasks.actions.deleteBlocked'))).toBeVisible();
    await expect(refuse.getByRole('listitem').filter({ hasText: photo })).toBeVisible();
    await expect(refuse.getByRole('button', name('actions.delete'))).toHaveCount(0);
    await shot(page, `tasks-${lang}-12-delete-refused`);
    // Its footer button closes it (the × in the corner has the same name).
    await refuse.getByRole('button', name('actions.close')).last().click();
    await expect(refuse).toBeHidden();

    // Duplicate the photo action, then delete the copy.
    await photoItem.getByRole('button', name('tasks.actions.menuOf', { name: photo })).click();
    await page.getByRole('menuitem', name('actions.duplicate')).click();
    await expect(page.getByRole('listitem', { name: photo })).toHaveCount(2);
    await shot(page, `tasks-${lang}-13-duplicated`);
    const copy = page.getByRole('listitem', { name: photo }).nth(1);
    await copy.getByRole('button', name('tasks.actions.menuOf', { name: photo })).click();
    await page.getByRole('menuitem', name('actions.delete')).click();
    const confirm = page.getByRole('dialog', name('tasks.actions.deleteTitle'));
    await confirm.getByRole('button', name('actions.delete')).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('listitem', { name: photo })).toHaveCount(1);
    await shot(page, `tasks-${lang}-14-final`);
  });
}

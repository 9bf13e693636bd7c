// API tokens, in English and in Arabic. The owner opens Settings → API tokens, makes a token that
// may read tasks, sees it once and copies it; a script uses it (reading tasks works, changing them
// is refused); the owner revokes it, and the script is refused from then on. The list, the form and
// the shown token are checked for accessibility.
import { expect, test } from '@playwright/test';
import { DEMO, WORKFLOW, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

test.use({ actionTimeout: 20_000 });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`an owner makes an API token, a script uses it, and once revoked it is refused, in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const name = lang === 'en' ? `Task reader ${unique()}` : `قارئ المهام ${unique()}`;

    // 1. From Settings to the business's API tokens.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/settings');
    await page.getByRole('link', { name: t(lang, 'apiTokens.settingsLink') }).click();
    await expect(page).toHaveURL(/\/settings\/api-tokens$/);
    await expect(page.getByRole('heading', { name: t(lang, 'apiTokens.title') })).toBeVisible();
    await expectDirection(page, lang);
    await expectAccessible(page, `API tokens (${lang})`);

    // 2. A token that may read tasks, for 30 days.
    await page
      .getByRole('button', { name: t(lang, 'apiTokens.new.open') })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: t(lang, 'apiTokens.new.title') });
    await form.getByRole('textbox', { name: t(lang, 'apiTokens.new.name') }).fill(name);
    await form
      .getByRole('radiogroup', { name: t(lang, 'apiTokens.areas.tasks.name') })
      .getByRole('radio', { name: t(lang, 'apiTokens.levels.read'), exact: true })
      .check();
    await form.getByRole('combobox', { name: t(lang, 'apiTokens.new.expiry') }).click();
    await page.getByRole('option', { name: lang === 'en' ? '30 days' : '30 يومًا' }).click();
    await expectAccessible(page, `new API token form (${lang})`);
    await shot(page, `api-token-form-${lang}`);
    await form.getByRole('button', { name: t(lang, 'apiTokens.new.submit') }).click();

    // 3. Shown once, with the warning and a copy button.
    const shown = page.getByRole('dialog', { name: t(lang, 'apiTokens.shown.title') });
    await expect(shown.getByText(t(lang, 'apiTokens.shown.once'))).toBeVisible();
    await expect(shown.getByRole('button', { name: t(lang, 'apiTokens.shown.copy') })).toBeVisible();
    const token = ((await shown.getByTestId('api-token-value').textContent()) ?? '').trim();
    expect(token).toMatch(/^fo_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, `new API token shown (${lang})`);
    await shot(page, `api-token-shown-${lang}`);
    await shown.getByRole('button', { name: t(lang, 'apiTokens.shown.done') }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(token)).toHaveCount(0);

    // 4. A script uses it: reading tasks works; creating one is outside its scopes.
    const bearer = { authorization: `Bearer ${token}` };
    const read = await request.get(`${WORKFLOW}/v1/tasks`, { headers: bearer });
    expect(read.status(), await read.text()).toBe(200);
    const write = await request.post(`${WORKFLOW}/v1/tasks`, { headers: bearer, data: { nameEn: 'Not allowed' } });
    expect(write.status()).toBe(403);

    // 5. The list shows it in use, by its first characters only.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(`${token.slice(0, 11)}…`)).toBeVisible();
    await expect(row.getByText(t(lang, 'apiTokens.state.ACTIVE'))).toBeVisible();
    await expect(row.getByText(t(lang, 'apiTokens.neverUsed'))).toHaveCount(0);
    await shot(page, `api-tokens-list-${lang}`);

    // 6. Revoked after confirming; the script is refused at once.
    await row.getByRole('button', { name: t(lang, 'apiTokens.revokeOf', { name }) }).click();
    const confirm = page.getByRole('dialog', { name: t(lang, 'apiTokens.revokeTitle') });
    await expectAccessible(page, `revoke API token (${lang})`);
    await confirm.getByRole('button', { name: t(lang, 'apiTokens.revoke'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText(t(lang, 'apiTokens.state.REVOKED'), { exact: true })).toBeVisible();
    const refused = await request.get(`${WORKFLOW}/v1/tasks`, { headers: bearer });
    expect(refused.status()).toBe(401);
  });
}

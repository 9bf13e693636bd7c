// A ranking explains itself: on the demo business's dashboard, the best members' first row opens
// "Why this rank?" from the keyboard, in English and in Arabic, on a desktop and on a phone; the
// dialog names the row and its rank, says in one sentence why its rate counts as its score, shows
// its numbers, passes axe, fits the screen, and closes back to its button. The worst list's first
// row explains itself too.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE } from './phone.ts';
import { DEMO, expectAccessible, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

const LAYOUTS = { desktop: { width: 1400, height: 900 }, phone: PHONE } as const;

/** Opens the first row's explanation from the keyboard and checks it; answers the dialog and the button. */
async function explainFirst(page: Page, lang: Lang, card: Locator, rank: RegExp | string) {
  const row = card.getByTestId('kpi-row').first();
  await expect(row.getByTestId('kpi-rate')).toHaveText(/^\d+(\.\d)?%$/);
  const name = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  expect(name).not.toBe('');
  const button = row.getByRole('button', { name: t(lang, 'performance.why.buttonLabel', { name }) });
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await page.keyboard.press('Enter');
  const title = typeof rank === 'string' ? t(lang, 'performance.why.title', { name, rank }) : rank;
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const sentence = dialog.getByTestId('rank-sentence');
  await expect(sentence).toBeVisible();
  // Every sentence says what the rate counts as: the score shown beside it.
  const score = ((await dialog.getByTestId('rank-score').textContent()) ?? '').trim();
  expect(score).toMatch(/^\d+(\.\d)?%$/);
  await expect(sentence).toContainText(score);
  await expect(dialog.getByTestId('rank-average')).toHaveText(/^\d+(\.\d)?%$/);
  // Its schedules by status, late work apart from done.
  for (const status of ['done', 'late', 'missed', 'open']) await expect(dialog.getByTestId(`rank-${status}`)).toHaveText(/^\d+$/);
  await expect(dialog.getByText(t(lang, 'performance.status.late'), { exact: true })).toBeVisible();
  await expect(dialog.getByText(t(lang, 'performance.why.ties'))).toBeVisible();
  return { dialog, button, name };
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  for (const [layout, size] of Object.entries(LAYOUTS)) {
    test(`a ranking explains itself in ${lang} on a ${layout}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await page.goto('/?range=lastMonth');
      await expectDirection(page, lang);

      const members = page.getByRole('region', { name: t(lang, 'performance.bestWorst.members') });
      const { dialog, button } = await explainFirst(page, lang, members, '1');
      // The dialog fits the screen, a phone's included.
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await expectAccessible(page, `the ranking explanation in ${lang} on a ${layout}`);
      await shot(page, `${lang}-${layout}-ranking-explanation`);
      await dialog.screenshot({ path: `test-results/screens/${lang}-${layout}-ranking-explanation-dialog.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // Worst first: the last-ranked row explains itself as well.
      await members
        .getByRole('radiogroup', { name: t(lang, 'performance.bestWorst.label') })
        .getByText(t(lang, 'performance.bestWorst.worst'), { exact: true })
        .click();
      await expect(
        members
          .getByTestId('kpi-row')
          .first()
          .getByText(t(lang, 'performance.rank', { rank: '1' }), { exact: true }),
      ).toHaveCount(0);
      const rankPattern = new RegExp(`^${t(lang, 'performance.why.title', { name: '.+', rank: '\\d+' })}$`);
      const worst = await explainFirst(page, lang, members, rankPattern);
      await expectAccessible(page, `the worst list's explanation in ${lang} on a ${layout}`);
      await shot(page, `${lang}-${layout}-ranking-explanation-worst`);
      await page.keyboard.press('Escape');
      await expect(worst.dialog).toBeHidden();
    });
  }
}

// Activation cards, in English and in Arabic: the owner prints a pending member's card from the
// activation dialog (and everyone's from the members page), the card's QR code is read off the
// printed page as a phone's camera would, and the member opens its link on a phone and activates.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { DEMO, apiToken, call, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';
import { PHONE } from './phone.ts';

/** The QR codes on each page of a downloaded PDF, read off the page drawn at 150 dpi. */
async function scanCards(download: Download): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
  const pdf = path.join(dir, 'cards.pdf');
  await download.saveAs(pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', pdf, path.join(dir, 'page')]);
  const found: string[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()) {
    const page = sharp(path.join(dir, file));
    const { width = 0, height = 0 } = await page.metadata();
    // Each card is a quarter of the page's height and half its width: scanned one at a time.
    for (let row = 0; row < 4; row++) {
      for (let column = 0; column < 2; column++) {
        const area = {
          left: Math.floor((column * width) / 2),
          top: Math.floor((row * height) / 4),
          width: Math.floor(width / 2),
          height: Math.floor(height / 4),
        };
        const { data, info } = await sharp(path.join(dir, file)).extract(area).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
        if (code) found.push(code.data);
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return found;
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a member's activation card is printed, scanned and opened on a phone, in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const [site] = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/teams?page=0&size=1');
    const name = lang === 'en' ? `Card Holder ${unique()}` : `حامل البطاقة ${unique()}`;
    const email = `card-${unique()}@example.com`;
    const invited = await request.post(`/api/v1/teams/${site!.id}/users`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name, email, password: 'invited-pass-1', position: 'Cleaner', role: 'MEMBER' },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/members?q=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: t(lang, 'members.table.menuOf', { name }) }).click();
    await page.getByRole('menuitem', { name: t(lang, 'members.actions.activationKey') }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'members.activation.title') });
    await expect(dialog.getByText(t(lang, 'members.cards.oneHint', { name }))).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page, `the activation dialog with its card in ${lang}`);
    await shot(page, `activation-cards-${lang}-01-dialog`);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t(lang, 'members.cards.printOne') }).click()]);
    expect(download.suggestedFilename()).toBe('activation-card.pdf');
    await expect(page.getByText(t(lang, 'members.cards.printedOne')).first()).toBeVisible();
    const [link] = await scanCards(download);
    expect(link).toMatch(/\/activate\?key=[0-9a-f]{40}$/);

    // The member opens the card's link on their phone and activates.
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const member = await phone.newPage();
    await useLanguage(member, lang);
    const url = new URL(link!);
    await member.goto(`${url.pathname}${url.search}`);
    await expectDirection(member, lang);
    await member.getByLabel(t(lang, 'activation.name')).fill(name);
    await member.getByLabel(t(lang, 'activation.password'), { exact: true }).fill('card-pass-123');
    await member.getByLabel(t(lang, 'activation.confirmPassword')).fill('card-pass-123');
    await expectAccessible(member, `activation from a card on a phone in ${lang}`);
    await shot(member, `activation-cards-${lang}-02-phone`);
    await member.getByRole('button', { name: t(lang, 'activation.submit') }).click();
    await expect(member.getByText(t(lang, 'activation.doneTitle'))).toBeVisible();
    await phone.close();

    // Everyone's cards from the members page, after the warning that earlier keys stop working.
    await page.keyboard.press('Escape');
    await page.goto('/members');
    await page.getByRole('button', { name: t(lang, 'members.actions.invite') }).click();
    await page.getByRole('menuitem', { name: t(lang, 'members.cards.printAll') }).click();
    const confirm = page.getByRole('dialog', { name: t(lang, 'members.cards.printAll') });
    await expect(confirm).toContainText(t(lang, 'members.cards.allHint'));
    // Checked once the dialog has faded in: mid-fade its button's colours are not yet its own.
    await expect(confirm).toHaveCSS('opacity', '1');
    await expectAccessible(page, `printing every card in ${lang}`);
    await shot(page, `activation-cards-${lang}-03-all`);
    const [all] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: t(lang, 'members.cards.print') }).click()]);
    expect(all.suggestedFilename()).toMatch(/^activation-cards?\.pdf$/);
    const links = await scanCards(all);
    expect(links.length).toBeGreaterThan(0);
    // The member who activated has no card any more.
    expect(links).not.toContain(link);
  });
}

// The business calendar journey, in English on a desktop and in Arabic on a phone: the owner
// chooses whose public holidays the business keeps, works a few hours on Saturday, turns Saudi
// National Day off (English) or on again (Arabic), adds a day off of the business's own, and
// finds all of it again after reloading the page.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

const locale = (lang: Lang) => (lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB');
/** The page's weekday name: 29 November 2026 was a Sunday. */
const weekday = (lang: Lang, day: number) =>
  new Intl.DateTimeFormat(locale(lang), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 29 + day)));
const longDate = (lang: Lang, date: string) =>
  new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

async function expectToast(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await expect(toast.first()).toBeVisible();
  await toast.first().getByRole('button').click();
  await expect(toast).toHaveCount(0);
}

const CASES = [
  {
    lang: 'en',
    viewport: { width: 1280, height: 900 },
    hours: ['10:00', '14:00'],
    nationalDay: false,
    own: { date: '2027-02-10', nameEn: 'Founders dinner', nameAr: 'عشاء المؤسسين' },
  },
  {
    lang: 'ar',
    viewport: { width: 390, height: 844 },
    hours: ['11:30', '15:00'],
    nationalDay: true,
    own: { date: '2027-02-11', nameEn: 'Team day', nameAr: 'يوم الفريق' },
  },
] as const;

for (const { lang, viewport, hours, nationalDay, own } of CASES) {
  test(`working hours and holidays are kept after a reload, in ${lang} (${viewport.width}px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);
    await page.goto('/business?tab=calendar');

    // 1. The working hours: the country's public holidays, and Saturday from `hours[0]` to `hours[1]`.
    const hoursCard = page.locator('form', { has: page.getByRole('button', { name: t(lang, 'business.calendar.saveHours') }) });
    await expect(hoursCard).toBeVisible();
    await hoursCard.getByRole('combobox', { name: t(lang, 'business.calendar.country') }).click();
    await page.getByRole('option', { name: lang === 'en' ? /Saudi/ : /السعودية/ }).click();
    const saturday = weekday(lang, 6);
    const saturdaySwitch = hoursCard.getByRole('switch', { name: saturday });
    if (!(await saturdaySwitch.isChecked())) await saturdaySwitch.check({ force: true });
    const from = hoursCard.getByLabel(t(lang, 'business.calendar.fromOf', { day: saturday, n: '1' }));
    const to = hoursCard.getByLabel(t(lang, 'business.calendar.toOf', { day: saturday, n: '1' }));
    await from.fill(hours[0]);
    await to.fill(hours[1]);
    await shot(page, `business-calendar-${lang}-01-hours`);
    await hoursCard.getByRole('button', { name: t(lang, 'business.calendar.saveHours') }).click();
    await expectToast(page, t(lang, 'business.calendar.hoursSaved'));

    // 2. Saudi National Day of 2026 kept or not, and a day off of the business's own in 2027.
    const holidays = (year: string) => page.getByRole('table', { name: t(lang, 'business.calendar.holidaysOf', { year }) });
    await expect(holidays('2026')).toBeVisible();
    const nationalDayDate = longDate(lang, '2026-09-23');
    const nationalDayRow = holidays('2026').getByRole('row', { name: new RegExp(nationalDayDate) });
    const keep = nationalDayRow.getByRole('switch');
    if ((await keep.isChecked()) !== nationalDay) {
      await keep.click({ force: true });
      await expect(keep).toBeChecked({ checked: nationalDay });
    }
    const form = page.getByRole('form', { name: t(lang, 'business.calendar.addTitle') });
    await form.getByLabel(t(lang, 'business.calendar.date')).fill(own.date);
    await form.getByLabel(t(lang, 'business.calendar.nameEn')).fill(own.nameEn);
    await form.getByLabel(t(lang, 'business.calendar.nameAr')).fill(own.nameAr);
    await form.getByRole('button', { name: t(lang, 'business.calendar.add') }).click();
    await expectToast(page, t(lang, 'business.calendar.added'));
    const ownName = lang === 'en' ? own.nameEn : own.nameAr;
    await expect(holidays('2027').getByRole('row', { name: new RegExp(ownName) })).toContainText(t(lang, 'business.calendar.source.OWN'));
    await shot(page, `business-calendar-${lang}-02-holidays`);
    await expectAccessible(page, `business calendar (${lang})`);

    // 3. After a reload: the same hours, National Day as it was left, the business's own day.
    await page.reload();
    await expect(hoursCard.getByRole('switch', { name: saturday })).toBeChecked();
    await expect(from).toHaveValue(hours[0]);
    await expect(to).toHaveValue(hours[1]);
    await expect(hoursCard.getByRole('combobox', { name: t(lang, 'business.calendar.country') })).toHaveValue(lang === 'en' ? /Saudi/ : /السعودية/);
    await expect(
      holidays('2026')
        .getByRole('row', { name: new RegExp(nationalDayDate) })
        .getByRole('switch'),
    ).toBeChecked({ checked: nationalDay });
    await page.getByRole('combobox', { name: t(lang, 'business.calendar.year') }).click();
    await page.getByRole('option', { name: '2027' }).click();
    await expect(holidays('2027').getByRole('row', { name: new RegExp(ownName) })).toBeVisible();
    await shot(page, `business-calendar-${lang}-03-after-reload`);
    await expectAccessible(page, `business calendar after a reload (${lang})`);
  });
}

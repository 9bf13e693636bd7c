// The holiday data set's Hijri-dated holidays against the days they were kept: Eid al-Fitr and
// Eid al-Adha of 1444 to 1446 as announced (21 April and 28 June 2023, 10 April and 16 June 2024,
// 30 March and 6 June 2025) and 1447 by the Umm al-Qura calendar (20 March and 27 May 2026).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHolidayData, type HolidayData } from './public-holidays.ts';

let data: HolidayData;
beforeAll(async () => {
  data = await loadHolidayData();
});
const publicHolidayDaysOf = (country: string, year: number) => data.publicHolidayDaysOf(country, year);
const countryOfTimeZone = (zone: string) => data.countryOfTimeZone(zone);
const knowsCountry = (country: string) => data.knowsCountry(country);

const EIDS: Record<number, [string, string]> = {
  2023: ['2023-04-21', '2023-06-28'],
  2024: ['2024-04-10', '2024-06-16'],
  2025: ['2025-03-30', '2025-06-06'],
  2026: ['2026-03-20', '2026-05-27'],
};

describe('public holidays from the data set', () => {
  it.each(['SA', 'AE', 'EG', 'BH'])('puts both Eids of %s on their Gregorian days, with Arabic names', (country) => {
    for (const [year, [fitr, adha]] of Object.entries(EIDS)) {
      const days = publicHolidayDaysOf(country, Number(year));
      const dates = days.map((d) => d.date);
      expect(dates, `${country} ${year}`).toContain(fitr);
      expect(dates, `${country} ${year}`).toContain(adha);
      expect(days.find((d) => d.date === fitr)?.nameAr).toContain('عيد الفطر');
      expect(days.find((d) => d.date === adha)?.nameAr).toContain('عيد الأضحى');
    }
  });

  it('gives a several-day holiday one entry a day, sorted, each date once, all in the year', () => {
    const days = publicHolidayDaysOf('SA', 2026);
    expect(days.filter((d) => d.nameEn.includes('Eid al-Fitr')).map((d) => d.date)).toEqual(['2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22']);
    const dates = days.map((d) => d.date);
    expect(dates).toEqual([...new Set(dates)].sort());
    expect(dates.every((d) => d.startsWith('2026-'))).toBe(true);
    // Observances are no days off.
    expect(publicHolidayDaysOf('GB', 2026).some((d) => d.nameEn === "Mother's Day")).toBe(false);
    expect(publicHolidayDaysOf('GB', 2026).map((d) => d.date)).toContain('2026-12-25');
  });

  it('counts the days of a holiday that began the year before in the new year, each day in one year only', () => {
    // Eid al-Adha 1427 began on 30 December 2006 in Saudi Arabia and ran into 2007.
    const adha = (year: number) =>
      publicHolidayDaysOf('SA', year)
        .filter((d) => d.nameEn.includes('Eid al-Adha'))
        .map((d) => d.date);
    // 2006 had two: in January, and the one of 30 December.
    expect(adha(2006).slice(-2)).toEqual(['2006-12-30', '2006-12-31']);
    expect(adha(2007).slice(0, 2)).toEqual(['2007-01-01', '2007-01-02']);
    expect(publicHolidayDaysOf('SA', 2007).find((d) => d.date === '2007-01-01')?.nameAr).toContain('عيد الأضحى');
  });

  it('knows the country of a time zone, and says which countries the data set lacks', () => {
    expect(countryOfTimeZone('Asia/Riyadh')).toBe('SA');
    expect(countryOfTimeZone('Asia/Dubai')).toBe('AE');
    expect(countryOfTimeZone('Africa/Cairo')).toBe('EG');
    expect(countryOfTimeZone('Europe/London')).toBe('GB');
    expect(countryOfTimeZone('UTC')).toBeNull();
    // The countries added to the data set have their zones, Qatar's before Bahrain's claim to it.
    expect(countryOfTimeZone('Asia/Qatar')).toBe('QA');
    expect(countryOfTimeZone('Asia/Kuwait')).toBe('KW');
    expect(countryOfTimeZone('Asia/Muscat')).toBe('OM');
    expect(countryOfTimeZone('Asia/Amman')).toBe('JO');
    // Lebanon is in neither: its businesses add their days themselves.
    expect(knowsCountry('LB')).toBe(false);
    expect(publicHolidayDaysOf('LB', 2026)).toEqual([]);
  });
});

describe('public holidays of the countries added to the data set', () => {
  const days = (country: string, year: number) => publicHolidayDaysOf(country, year);
  const dated = (country: string, year: number) => new Map(days(country, year).map((d) => [d.date, d]));

  it.each(['QA', 'KW', 'OM', 'JO'])('puts both Eids of %s on their Gregorian days, three days each, with Arabic names', (country) => {
    expect(knowsCountry(country)).toBe(true);
    for (const [year, [fitr, adha]] of Object.entries(EIDS)) {
      const byDate = dated(country, Number(year));
      for (const [first, ar] of [
        [fitr, 'عيد الفطر'],
        [adha, 'عيد الأضحى'],
      ] as const) {
        for (let i = 0; i < 3; i++) {
          const date = new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
          expect(byDate.get(date)?.nameAr, `${country} ${date}`).toContain(ar);
        }
      }
    }
  });

  it("gives each country's fixed days and its Hijri days of 2026", () => {
    const qatar = dated('QA', 2026);
    expect(qatar.get('2026-12-18')).toEqual({ date: '2026-12-18', nameEn: 'National Day', nameAr: 'اليوم الوطني' });
    // The second Tuesday of February.
    expect(qatar.get('2026-02-10')?.nameEn).toBe('National Sport Day');
    expect(qatar.size).toBe(1 + 3 + 3 + 1);

    const kuwait = dated('KW', 2026);
    expect(kuwait.get('2026-02-25')?.nameAr).toBe('العيد الوطني');
    expect(kuwait.get('2026-02-26')?.nameEn).toBe('Liberation Day');
    expect(kuwait.get('2026-05-26')?.nameEn).toBe('Arafat Day');
    expect(kuwait.get('2026-06-16')?.nameEn).toBe('Islamic New Year');
    expect(kuwait.get('2026-08-25')?.nameEn).toBe("Prophet's Birthday");

    // Oman: National Day's two days moved in 2025; Accession Day from 2023; Eid al-Fitr from 29 Ramadan.
    const oman = (year: number) =>
      days('OM', year)
        .filter((d) => d.nameEn === 'National Day')
        .map((d) => d.date);
    expect(oman(2024)).toEqual(['2024-11-18', '2024-11-19']);
    expect(oman(2026)).toEqual(['2026-11-20', '2026-11-21']);
    expect(dated('OM', 2022).has('2022-01-11')).toBe(false);
    expect(dated('OM', 2026).get('2026-01-11')?.nameEn).toBe("Sultan's Accession Day");
    const fitr = days('OM', 2026).filter((d) => d.nameEn === 'Eid al-Fitr');
    expect(fitr[0]?.date).toBe('2026-03-18');
    expect(fitr.at(-1)?.date).toBe('2026-03-22');
    expect(fitr.every((d) => d.nameAr === 'عيد الفطر')).toBe(true);
    const jordan = dated('JO', 2026);
    expect(jordan.get('2026-05-25')?.nameAr).toBe('عيد الاستقلال');
    expect(jordan.get('2026-12-25')?.nameEn).toBe('Christmas Day');
  });
});

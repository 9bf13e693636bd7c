// The public holidays of a country, from the maintained date-holidays data set. It works out
// Hijri-dated holidays (the two Eids, the Islamic new year, the Prophet's birthday) on their
// Gregorian days of the year asked, and gives names in English and Arabic. What it gives for a
// year is kept in the database (business-calendar.repository.ts) so that every instance, and a
// later data set, answers with the same days once a year has been asked for. The countries the
// data set lacks that our businesses ask for (Qatar, Kuwait, Oman, Jordan) come from rules of our
// own in the same language (gulf-levant-holidays.ts), worked out by the data set's own parser.
//
// The data set holds every country's rules, about 25 MB once loaded: it is read the first time a
// holiday or a time zone's country is asked for, not when the server starts.
import type HolidaysType from 'date-holidays';
import type HolidaysParserType from 'date-holidays-parser';
import type { PublicHolidayDay } from '../../../db/schema-calendar.ts';
import { ADDED_COUNTRIES, GULF_LEVANT_HOLIDAYS } from './gulf-levant-holidays.ts';

const DAY_MS = 86_400_000;
/** Days off for everyone; observances (Mother's Day) and optional days are not. */
const KEPT_TYPES = new Set(['public', 'bank']);

/** The data set once loaded, and what is worked out from it. */
export interface HolidayData {
  /** Whether the data set, or the rules added to it, know the country's holidays (a few are missing, such as Lebanon's). */
  knowsCountry(countryCode: string): boolean;
  /**
   * The country's public holidays of the year, one entry a day (a three-day Eid is three), by date.
   * A holiday that began the year before counts its days in this one (an Eid al-Adha from 30
   * December runs into January some years).
   */
  publicHolidayDaysOf(countryCode: string, year: number): PublicHolidayDay[];
  /** The country whose time zone this is (Asia/Riyadh: SA), by the data set's own zone lists; null when none or several. */
  countryOfTimeZone(timeZone: string): string | null;
}

let loading: Promise<HolidayData> | undefined;

/** Loads the data set the first time it is needed; every later call shares it. */
export function loadHolidayData(): Promise<HolidayData> {
  loading ??= Promise.all([import('date-holidays'), import('date-holidays-parser')]).then(([{ default: Holidays }, { default: HolidaysParser }]) =>
    holidayData(Holidays, HolidaysParser),
  );
  return loading;
}

function holidayData(Holidays: typeof HolidaysType, HolidaysParser: typeof HolidaysParserType): HolidayData {
  const countries = new Holidays().getCountries('en') ?? {};
  const knowsCountry = (countryCode: string) => ADDED_COUNTRIES.has(countryCode) || countryCode in countries;
  /** The country's holidays, from the rules added for it or else from the data set. */
  const holidaysOf = (countryCode: string): Pick<HolidaysType, 'getHolidays' | 'getTimezones'> =>
    ADDED_COUNTRIES.has(countryCode) ? new HolidaysParser(GULF_LEVANT_HOLIDAYS, countryCode) : new Holidays(countryCode);
  let countryByZone: Map<string, string> | undefined;

  return {
    knowsCountry,
    publicHolidayDaysOf(countryCode, year) {
      if (!knowsCountry(countryCode)) return [];
      const data = holidaysOf(countryCode);
      const byDate = new Map<string, PublicHolidayDay>();
      for (const from of [year - 1, year]) {
        const arabic = new Map(data.getHolidays(from, 'ar').map((h) => [`${h.date}|${h.rule}`, h.name]));
        for (const h of data.getHolidays(from, 'en')) {
          if (!KEPT_TYPES.has(h.type)) continue;
          const first = Date.parse(`${h.date.slice(0, 10)}T00:00:00Z`);
          const days = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS));
          const nameAr = arabic.get(`${h.date}|${h.rule}`) ?? h.name;
          for (let i = 0; i < days; i++) {
            const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
            if (!date.startsWith(String(year))) continue;
            const known = byDate.get(date);
            // Two holidays on one day (Egypt's 25 January) are one day off with both names; one
            // holiday met twice (Oman's Eid al-Fitr from 29 Ramadan and from 1 Shawwal) keeps its name.
            if (known && known.nameEn === h.name) continue;
            if (known) byDate.set(date, { date, nameEn: `${known.nameEn} / ${h.name}`, nameAr: `${known.nameAr} / ${nameAr}` });
            else byDate.set(date, { date, nameEn: h.name, nameAr });
          }
        }
      }
      return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
    },
    countryOfTimeZone(timeZone) {
      if (!countryByZone) {
        // Derived once from the data set, the same in every instance: not state, a lookup table.
        const table = new Map<string, string>();
        const ambiguous = new Set<string>();
        for (const code of Object.keys(countries)) {
          for (const zone of new Holidays(code).getTimezones() ?? []) {
            if (table.has(zone) && table.get(zone) !== code) ambiguous.add(zone);
            table.set(zone, code);
          }
        }
        for (const zone of ambiguous) table.delete(zone);
        // The added countries' own zones are theirs (the data set gives Bahrain Asia/Qatar as well).
        for (const code of ADDED_COUNTRIES) for (const zone of holidaysOf(code).getTimezones() ?? []) table.set(zone, code);
        countryByZone = table;
      }
      return countryByZone.get(timeZone) ?? null;
    },
  };
}

/** Whether the country's holidays are known (loads the data set). */
export const knowsCountry = async (countryCode: string) => (await loadHolidayData()).knowsCountry(countryCode);
/** The country's public holidays of the year (loads the data set). */
export const publicHolidayDaysOf = async (countryCode: string, year: number) => (await loadHolidayData()).publicHolidayDaysOf(countryCode, year);
/** The country of a time zone (loads the data set). */
export const countryOfTimeZone = async (timeZone: string) => (await loadHolidayData()).countryOfTimeZone(timeZone);

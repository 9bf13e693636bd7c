import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema.ts';
import { businessCalendars, businessHolidays, publicHolidayYears } from '../../../db/schema-calendar.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import type { Caller } from '../../../test/factories.ts';
import { businessCalendarOf } from './business-calendar.service.ts';

const API = '/api/v1/business-calendar';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;

const zoneOf = (caller: Caller, timeZone: string) => t.app.db.update(businesses).set({ timeZone }).where(eq(businesses.id, caller.business.id));
const calendarRow = async (caller: Caller) => (await t.app.db.select().from(businessCalendars).where(eq(businessCalendars.businessId, caller.business.id)))[0];
const holidayRows = (caller: Caller) => t.app.db.select().from(businessHolidays).where(eq(businessHolidays.businessId, caller.business.id));
const holidays = async (caller: Caller, year: number) => {
  const res = await caller.request({ method: 'GET', url: `${API}/holidays?year=${year}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number | null; date: string; nameEn: string; nameAr: string; source: string; observed: boolean }[]>();
};
const period = (start: string, end: string) => ({ start: toMinutes(start), end: toMinutes(end) });
function toMinutes(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}
const SUN_TO_THU = [0, 1, 2, 3, 4, 5, 6].map((d) => (d <= 4 ? [period('08:00', '17:00')] : []));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  await zoneOf(owner, 'Asia/Riyadh');
  await zoneOf(other, 'Europe/London');
});
afterAll(() => t.close());

describe('GET /v1/business-calendar/working-hours', () => {
  it('gives a Riyadh business Sunday to Thursday 08:00-17:00 and Saudi holidays by default, a London one Monday to Friday 09:00-17:00', async () => {
    const res = await member.request({ method: 'GET', url: `${API}/working-hours` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timeZone: 'Asia/Riyadh', countryCode: 'SA', week: SUN_TO_THU, isDefault: true });
    const theirs = (await other.request({ method: 'GET', url: `${API}/working-hours` })).json();
    expect(theirs.countryCode).toBe('GB');
    expect(theirs.week).toEqual([0, 1, 2, 3, 4, 5, 6].map((d) => (d >= 1 && d <= 5 ? [period('09:00', '17:00')] : [])));
  });
});

describe('PUT /v1/business-calendar/working-hours', () => {
  it("keeps an administrator's hours, a split day and a day off among them, and only for their business", async () => {
    const week = [[period('07:30', '12:00'), period('13:00', '16:30')], [period('08:00', '17:00')], [], [], [], [], [period('09:00', '24:00')]];
    const res = await admin.request({ method: 'PUT', url: `${API}/working-hours`, payload: { countryCode: 'sa', week } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ timeZone: 'Asia/Riyadh', countryCode: 'SA', week, isDefault: false });
    expect((await member.request({ method: 'GET', url: `${API}/working-hours` })).json().week).toEqual(week);
    expect((await other.request({ method: 'GET', url: `${API}/working-hours` })).json().isDefault).toBe(true);
  });

  it('refuses bad hours naming the field, and changes nothing', async () => {
    const before = await calendarRow(owner);
    const day = (periods: unknown[]) => [periods, [], [], [], [], [], []];
    const cases: [unknown, string, string][] = [
      [{ countryCode: 'SA', week: day([period('10:00', '09:00')]) }, 'week.0.0.end', 'A working period must end after it starts'],
      [{ countryCode: 'SA', week: day([period('08:00', '12:00'), period('11:00', '13:00')]) }, 'week.0.1.start', 'Working hours of a day must not overlap'],
      [{ countryCode: 'SA', week: day([{ start: -1, end: 60 }]) }, 'week.0.0.start', 'Invalid data'],
      [{ countryCode: 'SA', week: day([{ start: 0, end: 1441 }]) }, 'week.0.0.end', 'Invalid data'],
      [{ countryCode: 'SA', week: [[], []] }, 'week', 'Invalid data'],
      [{ countryCode: 'Saudi', week: SUN_TO_THU }, 'countryCode', 'Country is invalid'],
      [{ countryCode: 'XX', week: SUN_TO_THU }, 'countryCode', 'Country is invalid'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'PUT', url: `${API}/working-hours`, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors[0], JSON.stringify(payload)).toEqual({ field, message });
    }
    expect(await calendarRow(owner)).toEqual(before);
  });

  it('is refused to members', async () => {
    const res = await member.request({ method: 'PUT', url: `${API}/working-hours`, payload: { countryCode: null, week: [[], [], [], [], [], [], []] } });
    expect(res.statusCode).toBe(403);
    expect((await calendarRow(owner)).countryCode).toBe('SA');
  });
});

describe('GET /v1/business-calendar/holidays', () => {
  it('lists Saudi public holidays with the Hijri ones on their Gregorian days, worked out once for every business', async () => {
    const list = await holidays(owner, 2026);
    const dates = list.filter((h) => h.source === 'PUBLIC').map((h) => h.date);
    // Eid al-Fitr 1447 is 20 March 2026, Eid al-Adha 27 May 2026 (the day after Arafat).
    expect(dates).toEqual(expect.arrayContaining(['2026-02-22', '2026-03-20', '2026-05-26', '2026-05-27', '2026-09-23']));
    const eid = list.find((h) => h.date === '2026-03-20')!;
    expect(eid).toMatchObject({ id: null, source: 'PUBLIC', observed: true, nameAr: 'عيد الفطر' });
    expect(eid.nameEn).toContain('Eid al-Fitr');
    expect(
      await t.app.db
        .select()
        .from(publicHolidayYears)
        .where(and(eq(publicHolidayYears.countryCode, 'SA'), eq(publicHolidayYears.year, 2026))),
    ).toHaveLength(1);
    await holidays(admin, 2026);
    expect(await t.app.db.select().from(publicHolidayYears).where(eq(publicHolidayYears.countryCode, 'SA'))).toHaveLength(1);
  });

  it('answers from the kept year, not the data set, once a year has been asked for', async () => {
    await t.app.db
      .update(publicHolidayYears)
      .set({ days: [{ date: '2026-01-04', nameEn: 'Kept day', nameAr: 'يوم محفوظ' }] })
      .where(and(eq(publicHolidayYears.countryCode, 'SA'), eq(publicHolidayYears.year, 2026)));
    expect((await holidays(member, 2026)).map((h) => h.date)).toEqual(['2026-01-04']);
    await t.app.db.delete(publicHolidayYears).where(eq(publicHolidayYears.countryCode, 'SA'));
  });

  it('refuses a missing or impossible year with 400', async () => {
    for (const query of ['', '?year=abc', '?year=1999', '?year=2101']) {
      const res = await owner.request({ method: 'GET', url: `${API}/holidays${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe('year');
    }
  });
});

describe('PUT /v1/business-calendar/public-holidays/{date}', () => {
  it('turns a public holiday off and on again for this business only', async () => {
    const off = await admin.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-23`, payload: { observed: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ date: '2026-09-23', source: 'PUBLIC', observed: false });
    expect((await holidays(member, 2026)).find((h) => h.date === '2026-09-23')?.observed).toBe(false);
    // Twice off is still off, with one row.
    await admin.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-23`, payload: { observed: false } });
    expect((await holidayRows(owner)).filter((r) => r.kind === 'PUBLIC_OFF')).toHaveLength(1);
    const cal = await businessCalendarOf(t.app.db, owner.business.id, 'Asia/Riyadh', 2026, 2026);
    expect([...cal.holidays]).not.toContain('2026-09-23');
    expect([...cal.holidays]).toContain('2026-03-20');

    const on = await owner.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-23`, payload: { observed: true } });
    expect(on.json().observed).toBe(true);
    expect((await holidays(member, 2026)).find((h) => h.date === '2026-09-23')?.observed).toBe(true);
  });

  it('answers 404 for a day that is no public holiday, 400 for a date that is none, 403 to members', async () => {
    expect((await owner.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-24`, payload: { observed: false } })).statusCode).toBe(404);
    const bad = await owner.request({ method: 'PUT', url: `${API}/public-holidays/2026-02-30`, payload: { observed: false } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('date');
    expect((await owner.request({ method: 'PUT', url: `${API}/public-holidays/0000-01-01`, payload: { observed: false } })).statusCode).toBe(400);
    expect((await owner.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-23`, payload: {} })).statusCode).toBe(400);
    expect((await member.request({ method: 'PUT', url: `${API}/public-holidays/2026-09-23`, payload: { observed: false } })).statusCode).toBe(403);
    expect((await holidayRows(owner)).filter((r) => r.kind === 'PUBLIC_OFF')).toHaveLength(0);
  });
});

describe('POST and DELETE /v1/business-calendar/holidays', () => {
  it("adds the business's own day, once for a repeated request, and deletes it", async () => {
    const payload = { date: '2026-12-10', nameEn: ' Company day ', nameAr: 'يوم الشركة' };
    const headers = { 'idempotency-key': 'own-day-company-2026' };
    const created = await admin.request({ method: 'POST', url: `${API}/holidays`, payload, headers });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), date: '2026-12-10', nameEn: 'Company day', nameAr: 'يوم الشركة', source: 'OWN', observed: true });
    const again = await admin.request({ method: 'POST', url: `${API}/holidays`, payload, headers });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(created.json().id);
    expect((await holidayRows(owner)).filter((r) => r.kind === 'OWN')).toHaveLength(1);
    // The same day again without the key is a clash, not a second row.
    const clash = await owner.request({ method: 'POST', url: `${API}/holidays`, payload });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual([{ field: 'date', message: 'This day is already a holiday' }]);

    expect((await holidays(member, 2026)).find((h) => h.date === '2026-12-10')).toMatchObject({ source: 'OWN', id: created.json().id });
    expect((await holidays(other, 2026)).some((h) => h.date === '2026-12-10')).toBe(false);
    expect([...(await businessCalendarOf(t.app.db, owner.business.id, 'Asia/Riyadh', 2026, 2026)).holidays]).toContain('2026-12-10');

    expect((await other.request({ method: 'DELETE', url: `${API}/holidays/${created.json().id}` })).statusCode).toBe(404);
    expect((await member.request({ method: 'DELETE', url: `${API}/holidays/${created.json().id}` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'DELETE', url: `${API}/holidays/${created.json().id}` })).statusCode).toBe(204);
    expect((await owner.request({ method: 'DELETE', url: `${API}/holidays/${created.json().id}` })).statusCode).toBe(404);
    expect(await holidayRows(owner)).toHaveLength(0);
  });

  it('refuses bad days naming the field, and to members; adds nothing', async () => {
    const cases: [object, string][] = [
      [{ nameEn: 'A', nameAr: 'ب' }, 'date'],
      [{ date: '10/12/2026', nameEn: 'A', nameAr: 'ب' }, 'date'],
      [{ date: '2026-13-01', nameEn: 'A', nameAr: 'ب' }, 'date'],
      // A year the database has no day of, and years the calendar does not keep.
      [{ date: '0000-01-01', nameEn: 'A', nameAr: 'ب' }, 'date'],
      [{ date: '1999-12-31', nameEn: 'A', nameAr: 'ب' }, 'date'],
      [{ date: '2101-01-01', nameEn: 'A', nameAr: 'ب' }, 'date'],
      [{ date: '2026-12-11', nameEn: '  ', nameAr: 'ب' }, 'nameEn'],
      [{ date: '2026-12-11', nameEn: 'A' }, 'nameAr'],
    ];
    for (const [payload, field] of cases) {
      const res = await owner.request({ method: 'POST', url: `${API}/holidays`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
    }
    expect((await member.request({ method: 'POST', url: `${API}/holidays`, payload: { date: '2026-12-11', nameEn: 'A', nameAr: 'ب' } })).statusCode).toBe(403);
    expect(await holidayRows(owner)).toHaveLength(0);
  });
});

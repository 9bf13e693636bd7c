// The holidays the schedule engine keeps for plans that skip them (execution_plans.skip_holidays):
// the days each business observes (the business calendar: its country's public holidays it
// keeps, and its own days) within the engine's horizon, as (business, local date) pairs the
// engine's SQL leaves out. Only businesses with such a plan are read.
import { sql, type SQL } from 'drizzle-orm';
import { MAX_CAPTURE_AGE_MS } from '@fieldops/shared/limits';
import { bigintArray, rowsOf, type Db } from '../../../db/client.ts';
import { holidayDatesBetween } from '../../main/business-calendar/business-calendar.service.ts';

export interface HolidayDays {
  businessIds: number[];
  dates: string[];
}

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The observed holidays from the day before `now` to `horizonDays` after it (a day more on
 * each side, so every business's local today is covered whatever its zone), of every business
 * that has a plan skipping holidays (of one business, when given).
 */
export async function holidayDaysFor(db: Db, now: Date, horizonDays: number, businessId?: number): Promise<HolidayDays> {
  const rows = rowsOf<{ business_id: number | string; time_zone: string }>(
    await db.execute(sql`
      select distinct p.business_id, b.time_zone from execution_plans p join businesses b on b.id = p.business_id
      where p.skip_holidays and not p.canceled ${businessId === undefined ? sql`` : sql`and p.business_id = ${businessId}`}`),
  );
  const from = isoDate(now.getTime() - 2 * DAY_MS);
  const to = isoDate(now.getTime() + (horizonDays + 2) * DAY_MS);
  const days: HolidayDays = { businessIds: [], dates: [] };
  for (const row of rows) {
    for (const date of await holidayDatesBetween(db, Number(row.business_id), row.time_zone, from, to)) {
      days.businessIds.push(Number(row.business_id));
      days.dates.push(date);
    }
  }
  return days;
}

const dateArray = (dates: readonly string[]): SQL =>
  sql`array[${sql.join(
    dates.map((d) => sql`${d}`),
    sql`, `,
  )}]::date[]`;

/** The (business, local date) pairs as a relation `h(business_id, day)`. */
export const holidayRelation = (days: HolidayDays): SQL =>
  days.dates.length === 0
    ? sql`(select null::bigint as business_id, null::date as day where false)`
    : sql`(select * from unnest(${bigintArray(days.businessIds)}, ${dateArray(days.dates)}) as u(business_id, day))`;

/**
 * Deletes the schedules a holiday came to cover after they were made (a day off added, or a
 * public holiday kept again): pending, unanswered, not yet started and still the plan's own (not
 * taken from a pool nor covered), of plans that skip holidays. Like a plan change, it remembers those a member held, so an answer their device
 * captured meanwhile is kept rather than refused.
 */
export async function dropHolidaySchedules(db: Db, days: HolidayDays, now: Date): Promise<number> {
  if (days.dates.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from schedules s using execution_plans p, businesses b, ${holidayRelation(days)} h
        where p.id = s.plan_id and p.skip_holidays and b.id = s.business_id and h.business_id = s.business_id
          and (s.start at time zone b.time_zone)::date = h.day
          and s.status = 'pending' and s.start > ${now.toISOString()}::timestamptz
          and not exists (select 1 from action_results r where r.schedule_id = s.id)
          -- One taken from a pool, covered by a colleague or asked to be covered stays with its
          -- member, as a plan change keeps it (execution-plans findHandedOnSchedules).
          and s.user_id is not distinct from p.user_id
          and not exists (select 1 from cover_requests c where c.schedule_id = s.id)
        returning s.id, s.business_id, s.user_id, s.task_id, s.start, s.deadline)
      , kept as (
        insert into removed_schedules (id, business_id, user_id, task_id, start, deadline)
        select id, business_id, user_id, task_id, start, deadline from gone where user_id is not null
          and deadline > now() - make_interval(secs => ${MAX_CAPTURE_AGE_MS / 1000})
        on conflict (id) do nothing)
      select count(*)::int as n from gone`),
  );
  return row?.n ?? 0;
}

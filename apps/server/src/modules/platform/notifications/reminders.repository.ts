// What the reminder scan reads: open schedules of active plans starting, or due, in a window, and
// the missed schedules of a business's day by site. Each is a range on an index of `schedules`.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';

export interface DueSchedule {
  id: number;
  businessId: number;
  userId: number;
  taskName: string;
  taskNameAr: string;
  siteName: string;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Open schedules whose `column` is in (from, to], of plans neither paused nor canceled whose
 * member is still at the site. Starts are read business by business on the open-start index
 * (business, start); deadlines on the open-deadline index, and the on-time deadlines of plans
 * with a grace window (what the member is reminded of) on the open-due index.
 */
async function openSchedulesIn(db: Db, column: 'start' | 'deadline', from: Date, to: Date, now: Date): Promise<DueSchedule[]> {
  const source =
    column === 'start'
      ? sql`businesses b cross join lateral (
          select s.* from schedules s
           where s.business_id = b.id and s.status in ('pending', 'inProgress') and s.start > ${at(from)} and s.start <= ${at(to)}
        ) s`
      : sql`schedules s`;
  const window =
    column === 'start'
      ? sql`true`
      : // Only a schedule that had started before its reminder: one due within 30 minutes of its
        // start hears only that it starts.
        sql`s.status in ('pending', 'inProgress')
            and ((s.due_at is null and s.deadline > ${at(from)} and s.deadline <= ${at(to)})
              or (s.due_at is not null and s.due_at > ${at(from)} and s.due_at <= ${at(to)}))
            and s.start <= coalesce(s.due_at, s.deadline) - interval '30 minutes'`;
  const rows = rowsOf<{ id: number; business_id: number; user_id: number; name_en: string | null; name_ar: string | null; site: string }>(
    await db.execute(sql`
      select s.id, s.business_id, s.user_id, t.name_en, t.name_ar, st.name as site
      from ${source}
      join execution_plans p on p.id = s.plan_id
      join tasks t on t.id = s.task_id
      join teams st on st.id = s.team_id
      where ${window} and s.deadline > ${at(now)} and not p.paused and not p.canceled
        and exists (select 1 from team_members tm where tm.team_id = s.team_id and tm.user_id = s.user_id)`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    businessId: Number(r.business_id),
    userId: Number(r.user_id),
    taskName: r.name_en ?? r.name_ar ?? '',
    taskNameAr: r.name_ar ?? '',
    siteName: r.site,
  }));
}

export const schedulesStartingIn = (db: Db, from: Date, to: Date, now: Date) => openSchedulesIn(db, 'start', from, to, now);
export const schedulesDueIn = (db: Db, from: Date, to: Date, now: Date) => openSchedulesIn(db, 'deadline', from, to, now);

/**
 * Businesses whose clock reads between `from` and `to` minutes past midnight now, with their
 * yesterday (a local date) and its bounds.
 */
export async function businessesAtClock(db: Db, now: Date, fromMinute: number, toMinute: number) {
  const local = sql`(${at(now)} at time zone b.time_zone)`;
  const minute = sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))::int`;
  const rows = rowsOf<{ id: number; day: string; day_start: Date; day_end: Date }>(
    await db.execute(sql`
      select b.id, d.day::text as day, d.day::timestamp at time zone b.time_zone as day_start,
             (d.day + 1)::timestamp at time zone b.time_zone as day_end
        from businesses b cross join lateral (select ${local}::date - 1 as day) d
       where ${minute} >= ${fromMinute} and ${minute} < ${toMinute}`),
  );
  return rows.map((r) => ({ id: Number(r.id), day: r.day, dayStart: new Date(r.day_start), dayEnd: new Date(r.day_end) }));
}

/** Schedules of a business missed in [from, to) (by deadline), counted by site. */
export async function missedBySite(db: Db, businessId: number, from: Date, to: Date) {
  const rows = rowsOf<{ team_id: number; name: string; n: number }>(
    await db.execute(sql`
      select s.team_id, st.name, count(*)::int as n
        from schedules s join teams st on st.id = s.team_id
       where s.business_id = ${businessId} and s.status = 'missed' and s.deadline >= ${at(from)} and s.deadline < ${at(to)}
       group by s.team_id, st.name`),
  );
  return rows.map((r) => ({ teamId: Number(r.team_id), siteName: r.name, count: Number(r.n) }));
}

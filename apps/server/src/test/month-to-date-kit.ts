// The member rollup's month-to-date rows as the reports read them, beside a count from scratch,
// for reports/rollups.test.ts.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * For every member, site and day of every month they have anything in: the schedules from the
 * 1st to that day counted from scratch, and as the reports read them (the month-to-date row plus
 * the changes of those days not yet folded), as two lists of the days where they count anything;
 * of the businesses `ids` only.
 */
export async function monthToDate(db: Db, ids: number[]) {
  const month = (day: string) => `(${day} - (extract(day from ${day})::int - 1))`;
  const counts = ['done', 'missed', 'pending', 'in_progress', 'total'];
  const running = (alias: string) => sql.raw(counts.map((c) => `sum(coalesce(${alias}.${c}, 0)) over w as ${c}`).join(', '));
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with scratch as (
        select s.business_id, s.team_id, s.user_id, (s.start at time zone b.time_zone)::date as day,
          count(*) filter (where s.status = 'done') as done, count(*) filter (where s.status = 'missed') as missed,
          count(*) filter (where s.status = 'pending') as pending, count(*) filter (where s.status = 'inProgress') as in_progress, count(*) as total
        from schedules s join businesses b on b.id = s.business_id where s.business_id in ${ids} group by 1, 2, 3, 4),
      changes as (
        select business_id, team_id, user_id, day, sum(done) as done, sum(missed) as missed, sum(pending) as pending,
          sum(in_progress) as in_progress, sum(total) as total
        from report_schedules_by_member_changes where business_id in ${ids} group by 1, 2, 3, 4),
      months as (
        select business_id, team_id, user_id, ${sql.raw(month('day'))} as month from scratch
        union select business_id, team_id, user_id, ${sql.raw(month('day'))} from changes
        union select business_id, team_id, user_id, ${sql.raw(month('day'))} from report_schedules_by_member_to_date where business_id in ${ids}),
      grid as (
        select m.business_id, m.team_id, m.user_id, m.month, d::date as day from months m
        join businesses b on b.id = m.business_id
        cross join generate_series(m.month, (m.month + interval '1 month')::date - 1, interval '1 day') d),
      expected as (
        select g.business_id, g.team_id, g.user_id, g.day, ${running('x')}
        from grid g left join scratch x using (business_id, team_id, user_id, day)
        window w as (partition by g.business_id, g.team_id, g.user_id, g.month order by g.day)),
      unfolded as (
        select g.business_id, g.team_id, g.user_id, g.day, ${running('l')}
        from grid g left join changes l using (business_id, team_id, user_id, day)
        window w as (partition by g.business_id, g.team_id, g.user_id, g.month order by g.day))
      select 'expected' as side, e.business_id, e.day::text, e.team_id, e.user_id, ${sql.raw(counts.map((c) => `e.${c}`).join(', '))}
      from expected e
      union all
      select 'actual', u.business_id, u.day::text, u.team_id, u.user_id,
        ${sql.raw(counts.map((c) => `u.${c} + coalesce(c.${c}, 0)`).join(', '))}
      from unfolded u left join report_schedules_by_member_to_date c using (business_id, team_id, user_id, day)
      order by 2, 3, 4, 5`),
  );
  const side = (name: string) =>
    rows
      .filter((r) => r.side === name && counts.some((c) => Number(r[c]) !== 0))
      .map((r) => [r.business_id, r.day, r.team_id, r.user_id, ...counts.map((c) => Number(r[c]))].join(' '));
  return { expected: side('expected'), actual: side('actual') };
}

// The schedule engine (DESIGN §6): turns members' execution plans into schedule rows over a
// horizon of days, in each business's time zone, and marks schedules missed once their deadline
// passes. Every pass is a handful of set-based statements; the unique key (plan, start)
// makes it idempotent, and an advisory lock lets one instance at a time do a full pass.
import { sql, type SQL } from 'drizzle-orm';
import { affectedRows, bigintArray, rowsOf, type Db } from '../../../db/client.ts';
import { isEmbedded } from '../../../db/prepared.ts';
import { scheduleEngineSettings } from '../../../config.ts';
import { dispatchWebhooksOf } from '../../platform/events/events.service.ts';
import { dropHolidaySchedules, holidayDaysFor, holidayRelation, type HolidayDays } from './holiday-days.ts';

/** The advisory lock key of a full pass ("sched" in ASCII); any constant shared by all instances. */
export const ENGINE_LOCK_KEY = 0x7363686564;

export interface MaterialiseScope {
  businessId?: number;
  /** Plans to materialise; a group plan's id stands for its members' plans too. */
  planIds?: number[];
  now?: Date;
  horizonDays?: number;
  /** One of `of` shares of the sites (by id), for a pass split over connections. */
  share?: { index: number; of: number };
}

export interface EnginePass {
  /** False when another instance held the lock and this round was skipped. */
  ran: boolean;
  created: number;
  missed: number;
  ms: number;
}

/**
 * Every occurrence in the horizon of every plan in scope, with its local day; the engine inserts
 * them in one INSERT ... SELECT.
 *
 * Dates are local dates of the business; `local date + time` is a wall-clock timestamp that
 * `AT TIME ZONE` turns into the right instant on either side of a daylight-saving change
 * ("24:00" is a valid time and lands on the next midnight). Deadlines in minutes and hours are
 * elapsed time; in days and months they are calendar steps on the wall clock, so "1 day" after
 * 08:00 is 08:00 the next day even when that day has 23 hours. A plan's grace window keeps the
 * schedule open that many minutes past its deadline (kept as `due_at`): `deadline` is when it closes.
 */
function occurrences(now: Date, horizonDays: number, scope: MaterialiseScope, holidays: HolidayDays): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const filters: SQL[] = [];
  if (scope.businessId !== undefined) filters.push(sql`and p.business_id = ${scope.businessId}`);
  if (scope.planIds) filters.push(sql`and (p.id = any(${bigintArray(scope.planIds)}) or p.parent_id = any(${bigintArray(scope.planIds)}))`);
  if (scope.share && scope.share.of > 1) filters.push(sql`and p.team_id % ${scope.share.of} = ${scope.share.index}`);
  return sql`
    select p.business_id, p.id as plan_id, p.group_id, p.task_id, p.team_id, p.user_id, o.start_at, o.end_at,
      o.deadline_at + p.grace_minutes * interval '1 minute' as deadline_at, case when p.grace_minutes > 0 then o.deadline_at end as due_at,
      g.day::date as day
    -- The plans that make schedules, each tested once before its days are expanded: a member's plan
    -- while its member is in the site, and a pooled group plan while its pool has someone there
    -- (its children's members, or anyone of the site when it names none), which makes one schedule
    -- per occurrence with no member until taken. A pooled plan's children make none of their own.
    from (
      select * from execution_plans m
      where not m.pooled and m.user_id is not null
        and exists (select 1 from team_members tm where tm.team_id = m.team_id and tm.user_id = m.user_id)
      union all
      select * from execution_plans q
      where q.pooled and q.user_id is null
        and exists (
          select 1 from team_members tm where tm.team_id = q.team_id
            and (tm.user_id in (select c.user_id from execution_plans c where c.parent_id = q.id)
              or not exists (select 1 from execution_plans c where c.parent_id = q.id)))
    ) p
    join businesses b on b.id = p.business_id
    cross join lateral (select (${at} at time zone b.time_zone)::date as today) t
    cross join lateral generate_series(
      greatest(p.start_date, p.active_from, t.today - 1)::timestamp,
      least(case when p.schedule_type = 'ONCE' then p.start_date else p.end_date end, t.today + ${horizonDays}::int)::timestamp,
      interval '1 day'
    ) g(day)
    cross join lateral (
      select g.day::date + p.start_time::time as local_start, g.day::date + p.end_time::time as local_end
    ) l
    cross join lateral (
      select l.local_start at time zone b.time_zone as start_at,
             l.local_end at time zone b.time_zone as end_at,
             case p.deadline_unit
               when 'MINUTES' then (l.local_start at time zone b.time_zone) + p.deadline_after * interval '1 minute'
               when 'HOURS' then (l.local_start at time zone b.time_zone) + p.deadline_after * interval '1 hour'
               when 'DAYS' then (l.local_start + p.deadline_after * interval '1 day') at time zone b.time_zone
               else (l.local_start + p.deadline_after * interval '1 month') at time zone b.time_zone
             end as deadline_at
    ) o
    where not p.paused
      and not p.canceled
      -- The plan's recurrence (packages/shared/src/recurrence.ts gives the same as an RRULE):
      -- every N days or weeks counted from the start date (weeks start on Sunday), the weekdays
      -- in the 1st to 4th or last (-1) week of their month, and no occurrence on an exception date.
      and case p.schedule_type
        when 'ONCE' then true
        when 'DAILY' then p.repeat_every = 1 or (g.day::date - p.start_date) % p.repeat_every = 0
        else extract(dow from g.day)::int = any(p.days) and case p.schedule_type
          when 'WEEKLY' then p.repeat_every = 1
            or ((g.day::date - p.start_date + extract(dow from p.start_date)::int) / 7) % p.repeat_every = 0
          when 'CUSTOM' then extract(month from g.day)::int = any(p.months)
          else (extract(day from g.day)::int + 6) / 7 = any(p.month_weeks)
            or (-1 = any(p.month_weeks) and extract(month from g.day + interval '7 days') <> extract(month from g.day))
        end
      end
      and not (g.day::date = any(p.exception_dates))
      -- Nor on a day the business keeps as a holiday, for a plan that skips them.
      and not (p.skip_holidays and exists (select 1 from ${holidayRelation(holidays)} h where h.business_id = p.business_id and h.day = g.day::date))
      -- Only occurrences a member can still do: none whose deadline (and grace) came before the
      -- plan was scheduled, and none already past (a time-zone change, a member back in the site,
      -- or an engine that was down longer than the horizon must not invent missed work).
      and o.deadline_at + p.grace_minutes * interval '1 minute' > greatest(p.scheduled_at, ${at})
      ${sql.join(filters, sql` `)}`;
}

function materialiseStatement(now: Date, horizonDays: number, scope: MaterialiseScope, holidays: HolidayDays): SQL {
  return sql`
    insert into schedules (business_id, plan_id, group_id, task_id, team_id, user_id, start, "end", deadline, due_at, status)
    select occ.business_id, occ.plan_id, occ.group_id, occ.task_id, occ.team_id, occ.user_id, occ.start_at, occ.end_at, occ.deadline_at, occ.due_at, 'pending'
    from (${occurrences(now, horizonDays, scope, holidays)}) occ
    on conflict (plan_id, start) do nothing`;
}

/**
 * Materialises the occurrences of some plans now (after a plan is created, changed, resumed or
 * carried), without waiting for the next pass. Safe to run at any time and inside the caller's
 * transaction: occurrences that exist are left alone.
 */
export async function materialisePlans(db: Db, scope: MaterialiseScope & { businessId: number }): Promise<number> {
  if (scope.planIds && scope.planIds.length === 0) return 0;
  const now = scope.now ?? new Date();
  const horizonDays = scope.horizonDays ?? scheduleEngineSettings().horizonDays;
  const holidays = await holidayDaysFor(db, now, horizonDays, scope.businessId);
  return affectedRows(await db.execute(materialiseStatement(now, horizonDays, scope, holidays)));
}

/**
 * Moves unanswered schedules that a plan change would otherwise replace (taken from a pool, or
 * covered by a colleague) to the plan's new occurrence on the same local day, keeping their id,
 * their member and their cover history. Returns the ids moved; a schedule whose day has no
 * occurrence any more is not moved. Run before `materialisePlans`, in the same transaction.
 */
export async function moveToNewOccurrences(
  db: Db,
  scope: { businessId: number; planIds: number[]; ids: number[]; now?: Date; horizonDays?: number },
): Promise<number[]> {
  if (scope.ids.length === 0) return [];
  const now = scope.now ?? new Date();
  const horizonDays = scope.horizonDays ?? scheduleEngineSettings().horizonDays;
  const holidays = await holidayDaysFor(db, now, horizonDays, scope.businessId);
  const result = await db.execute(sql`
    update schedules s set start = occ.start_at, "end" = occ.end_at, deadline = occ.deadline_at, due_at = occ.due_at
    from (${occurrences(now, horizonDays, { businessId: scope.businessId, planIds: scope.planIds }, holidays)}) occ, businesses b
    where s.business_id = ${scope.businessId} and s.id = any(${bigintArray(scope.ids)})
      and b.id = s.business_id and occ.plan_id = s.plan_id and occ.day = (s.start at time zone b.time_zone)::date
      and not exists (select 1 from schedules x where x.plan_id = s.plan_id and x.start = occ.start_at and x.id <> s.id)
    returning s.id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/**
 * Marks every open schedule whose deadline has passed as missed (the partial index answers it),
 * and records each as a `schedule.missed` event in the same statement (the audit log's, and what
 * webhooks carry), handing the events of businesses with webhooks to them.
 */
async function markMissed(db: Db, now: Date): Promise<number> {
  const recorded = rowsOf<{ id: number | string; business_id: number | string }>(
    await db.execute(sql`
      with missed as (
        update schedules set status = 'missed'
        where status in ('pending', 'inProgress') and deadline <= ${now.toISOString()}::timestamptz
        returning id, business_id, task_id, team_id, user_id, plan_id, start, deadline)
      insert into events (business_id, kind, actor_id, data, handled_at)
      select m.business_id, 'schedule.missed', null,
             jsonb_build_object(
               'target', jsonb_build_object('type', 'schedule', 'id', m.id, 'name', coalesce(t.name_en, t.name_ar)),
               'before', jsonb_build_object('status', 'pending'),
               'after', jsonb_build_object('status', 'missed', 'scheduleId', m.id, 'taskId', m.task_id, 'planId', m.plan_id,
                 'siteId', m.team_id, 'siteName', s.name, 'memberId', m.user_id, 'start', m.start, 'deadline', m.deadline)),
             now()
        from missed m join tasks t on t.id = m.task_id join teams s on s.id = m.team_id
      returning id, business_id`),
  );
  await dispatchWebhooksOf(
    db,
    'schedule.missed',
    recorded.map((row) => ({ businessId: Number(row.business_id), eventId: Number(row.id) })),
  );
  return recorded.length;
}

/**
 * Writers that delete and re-create a plan's future schedules take this (shared) lock in their
 * transaction, so a full pass never reads a plan's old schedule while they replace it: the pass
 * holds the exclusive lock, and skips its round while a writer is at work.
 */
export async function lockAgainstEngine(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${ENGINE_LOCK_KEY})`);
}

/**
 * A full pass over every business: materialise the horizon, then mark missed schedules. When
 * another instance is running a pass (or a writer is replacing schedules), this round is skipped.
 *
 * With `connections` above 1 (PostgreSQL only: the embedded database is one session), the sites
 * are shared out by id over that many transactions run side by side, the first the one holding
 * the lock: an INSERT runs on one core, and each share's schedules and rollup rows are its sites'
 * alone, so the shares never wait on each other. A share that fails fails the pass; those that
 * committed are kept (the next pass makes the rest, as it is idempotent).
 */
export async function runScheduleEngine(db: Db, options: { now?: Date; horizonDays?: number; connections?: number } = {}): Promise<EnginePass> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const horizonDays = options.horizonDays ?? scheduleEngineSettings().horizonDays;
  // The embedded database is one session: a second transaction would wait for the first.
  const of = isEmbedded(db) ? 1 : Math.max(1, Math.floor(options.connections ?? 1));
  // Read before the pass's lock, so that a first read of a year's public holidays is not held under it.
  const holidays = await holidayDaysFor(db, now, horizonDays);
  const share = (tx: Db, index: number) => tx.execute(materialiseStatement(now, horizonDays, { share: { index, of } }, holidays)).then(affectedRows);
  const result = await db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${ENGINE_LOCK_KEY}) as locked`);
    const [row] = (locked as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return { ran: false, created: 0, missed: 0 };
    const shares = await Promise.all([share(tx, 0), ...Array.from({ length: of - 1 }, (_, i) => db.transaction((other) => share(other, i + 1)))]);
    const created = shares.reduce((sum, n) => sum + n, 0);
    await dropHolidaySchedules(tx, holidays, now);
    const missed = await markMissed(tx, now);
    return { ran: true, created, missed };
  });
  return { ...result, ms: Math.round(performance.now() - started) };
}

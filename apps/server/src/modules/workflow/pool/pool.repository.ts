// Queries of pooled schedules and cover requests (DESIGN §6), always scoped by business. Taking
// and moving a schedule are single conditional updates: of two at once, the second finds the
// condition false once the first commits, and changes nothing.
import { sql } from 'drizzle-orm';
import type { CoverStatus } from '@fieldops/shared/pool';
import { affectedRows, rowsOf, type Db } from '../../../db/client.ts';

const OPEN = sql`('pending', 'inProgress')`;

/**
 * Whether `userId` is in the pool of the plan `p` (an alias in the query): a member of the plan's
 * site and, when its children name members, one of them.
 */
const inPool = (userId: number) => sql`exists (select 1 from team_members tm where tm.team_id = p.team_id and tm.user_id = ${userId})
  and (not exists (select 1 from execution_plans c where c.parent_id = p.id)
    or exists (select 1 from execution_plans c where c.parent_id = p.id and c.user_id = ${userId}))`;

export interface OpenScheduleRow {
  id: number;
  planId: number;
  taskId: number;
  taskNameEn: string | null;
  taskNameAr: string | null;
  teamId: number;
  teamName: string;
  start: Date;
  end: Date;
  deadline: Date;
  status: 'pending';
  canTake: boolean;
}

/**
 * The untaken pooled schedules, still open, soonest first, that `userId` may take, and those of
 * the sites they manage (`managed`: some sites, or null for every site), which they may not take
 * unless they are in its pool too.
 */
export async function findOpenPool(db: Db, businessId: number, userId: number, managed: number[] | null, now: Date, limit: number) {
  const takeable = sql`(s.team_id in (select team_id from team_members where business_id = ${businessId} and user_id = ${userId}) and ${inPool(userId)})`;
  const manages =
    managed === null
      ? sql`true`
      : managed.length === 0
        ? sql`false`
        : sql`s.team_id in (${sql.join(
            managed.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const result = await db.execute(sql`
    select s.id, s.plan_id as "planId", s.task_id as "taskId", t.name_en as "taskNameEn", t.name_ar as "taskNameAr",
      s.team_id as "teamId", tm.name as "teamName", s.start, s."end", s.deadline, s.status, ${takeable} as "canTake"
    from schedules s
    join execution_plans p on p.id = s.plan_id
    join tasks t on t.id = s.task_id
    join teams tm on tm.id = s.team_id
    where s.business_id = ${businessId} and s.user_id is null and s.status = 'pending'
      and s.deadline > ${now.toISOString()}::timestamptz and not p.paused and not p.canceled
      and (${manages} or ${takeable})
    order by s.start, s.id
    limit ${limit}`);
  return rowsOf<OpenScheduleRow & { start: Date | string; end: Date | string; deadline: Date | string }>(result);
}

export interface PoolState {
  id: number;
  userId: number | null;
  teamId: number;
  pooled: boolean;
  open: boolean;
  /** The caller is a member of the schedule's site. */
  inSite: boolean;
  inPool: boolean;
}

/** What deciding a take needs of a schedule of the business; null when it has none with that id. */
export async function findPoolState(db: Db, businessId: number, id: number, userId: number, now: Date): Promise<PoolState | null> {
  const [row] = rowsOf<PoolState>(
    await db.execute(sql`
      select s.id, s.user_id as "userId", s.team_id as "teamId", p.pooled,
        (s.status = 'pending' and s.deadline > ${now.toISOString()}::timestamptz and not p.paused and not p.canceled) as open,
        exists (select 1 from team_members tm where tm.team_id = s.team_id and tm.user_id = ${userId}) as "inSite",
        (${inPool(userId)}) as "inPool"
      from schedules s join execution_plans p on p.id = s.plan_id
      where s.business_id = ${businessId} and s.id = ${id}`),
  );
  return row ? { ...row, userId: row.userId === null ? null : Number(row.userId) } : null;
}

/** Gives the untaken, still open pooled schedule to `userId`; false when someone had it first. */
export async function claimSchedule(db: Db, businessId: number, id: number, userId: number, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    update schedules set user_id = ${userId}
    where business_id = ${businessId} and id = ${id} and user_id is null and status = 'pending'
      and deadline > ${now.toISOString()}::timestamptz`);
  return affectedRows(result) === 1;
}

/**
 * Moves a schedule still open from `from` to `to`, answers and all (they belong to the schedule);
 * false when it is closed or no longer `from`'s. The new holder's device has not read it yet, so
 * the old holder's first read no longer vouches for late deliveries (answer-status.ts).
 */
export async function moveSchedule(db: Db, businessId: number, id: number, from: number, to: number, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    update schedules set user_id = ${to}
    where business_id = ${businessId} and id = ${id} and user_id = ${from} and status in ${OPEN}
      and deadline > ${now.toISOString()}::timestamptz`);
  if (affectedRows(result) !== 1) return false;
  await db.execute(sql`delete from schedule_handovers where schedule_id = ${id}`);
  return true;
}

export interface ScheduleHolder {
  id: number;
  userId: number | null;
  teamId: number;
  open: boolean;
}

/** A schedule of the business with its holder and whether it is still open, locked for the transaction. */
export async function lockScheduleHolder(db: Db, businessId: number, id: number, now: Date): Promise<ScheduleHolder | null> {
  const [row] = rowsOf<ScheduleHolder>(
    await db.execute(sql`
      select id, user_id as "userId", team_id as "teamId", (status in ${OPEN} and deadline > ${now.toISOString()}::timestamptz) as open
      from schedules where business_id = ${businessId} and id = ${id} for update`),
  );
  return row ? { ...row, userId: row.userId === null ? null : Number(row.userId) } : null;
}

/** Whether `userId` is a member of the site. */
export async function isSiteMember(db: Db, businessId: number, teamId: number, userId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from team_members where business_id = ${businessId} and team_id = ${teamId} and user_id = ${userId}`));
  return rows.length > 0;
}

export interface CoverRow {
  id: number;
  scheduleId: number;
  teamId: number;
  requesterId: number;
  status: CoverStatus;
}

export async function insertCoverRequest(db: Db, row: { businessId: number; scheduleId: number; teamId: number; requesterId: number; reason: string | null }) {
  const [created] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into cover_requests (business_id, schedule_id, team_id, requester_id, reason)
      values (${row.businessId}, ${row.scheduleId}, ${row.teamId}, ${row.requesterId}, ${row.reason})
      on conflict (schedule_id) where status = 'OPEN' do nothing
      returning id`),
  );
  return created ? Number(created.id) : null;
}

export async function findOpenCoverOf(db: Db, businessId: number, scheduleId: number) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from cover_requests where business_id = ${businessId} and schedule_id = ${scheduleId} and status = 'OPEN'`),
  );
  return row ? Number(row.id) : null;
}

/** A cover request of the business, locked for the transaction. */
export async function lockCoverRequest(db: Db, businessId: number, id: number): Promise<CoverRow | null> {
  const [row] = rowsOf<CoverRow>(
    await db.execute(sql`
      select id, schedule_id as "scheduleId", team_id as "teamId", requester_id as "requesterId", status
      from cover_requests where business_id = ${businessId} and id = ${id} for update`),
  );
  return row ? { ...row, id: Number(row.id), scheduleId: Number(row.scheduleId), teamId: Number(row.teamId), requesterId: Number(row.requesterId) } : null;
}

export async function closeCoverRequest(db: Db, id: number, status: Exclude<CoverStatus, 'OPEN'>, decidedBy: number, coverId: number | null) {
  await db.execute(sql`
    update cover_requests set status = ${status}, decided_by = ${decidedBy}, cover_id = ${coverId}, decided_at = now()
    where id = ${id}`);
}

export interface CoverListRow {
  id: number;
  scheduleId: number;
  teamId: number;
  teamName: string;
  taskNameEn: string | null;
  taskNameAr: string | null;
  start: Date | string;
  deadline: Date | string;
  requesterId: number;
  requesterName: string;
  reason: string | null;
  status: CoverStatus;
  coverId: number | null;
  coverName: string | null;
  decidedById: number | null;
  decidedByName: string | null;
  createdAt: Date | string;
  decidedAt: Date | string | null;
}

/**
 * Cover requests of the business, newest first: those of one schedule (its history), or those
 * the caller sees (`sites`: the sites they belong to or manage; null: every site), open ones
 * only on schedules still open.
 */
export async function findCoverRequests(
  db: Db,
  businessId: number,
  filter: { id?: number; scheduleId?: number; sites: number[] | null; requesterId: number; openOnly: boolean; now: Date },
) {
  const sites =
    filter.sites === null
      ? sql`true`
      : filter.sites.length === 0
        ? sql`false`
        : sql`c.team_id in (${sql.join(
            filter.sites.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const result = await db.execute(sql`
    select c.id, c.schedule_id as "scheduleId", c.team_id as "teamId", tm.name as "teamName", t.name_en as "taskNameEn", t.name_ar as "taskNameAr",
      s.start, s.deadline, c.requester_id as "requesterId", ru.full_name as "requesterName", c.reason, c.status,
      c.cover_id as "coverId", cu.full_name as "coverName", c.decided_by as "decidedById", du.full_name as "decidedByName",
      c.created_at as "createdAt", c.decided_at as "decidedAt"
    from cover_requests c
    join schedules s on s.id = c.schedule_id
    join tasks t on t.id = s.task_id
    join teams tm on tm.id = c.team_id
    join users ru on ru.id = c.requester_id
    left join users cu on cu.id = c.cover_id
    left join users du on du.id = c.decided_by
    where c.business_id = ${businessId}
      ${filter.id !== undefined ? sql`and c.id = ${filter.id}` : sql``}
      ${filter.scheduleId !== undefined ? sql`and c.schedule_id = ${filter.scheduleId}` : sql`and (${sites} or c.requester_id = ${filter.requesterId})`}
      ${filter.openOnly ? sql`and c.status = 'OPEN' and s.status in ${OPEN} and s.deadline > ${filter.now.toISOString()}::timestamptz` : sql``}
    order by c.id desc
    limit 200`);
  return rowsOf<CoverListRow>(result);
}

/** The sites the user belongs to (as a member or a supervisor). */
export async function sitesOf(db: Db, businessId: number, userId: number): Promise<number[]> {
  const rows = rowsOf<{ teamId: number }>(
    await db.execute(sql`select team_id as "teamId" from team_members where business_id = ${businessId} and user_id = ${userId}`),
  );
  return rows.map((r) => Number(r.teamId));
}

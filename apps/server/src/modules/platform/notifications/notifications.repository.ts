// The bell's rows, the people's settings, and who hears of what at a business.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationChannel } from '@fieldops/shared/notifications';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';
import { businessMembers, businesses, teamMembers, teams, users } from '../../../db/schema.ts';
import { events, notificationSettings, notifications } from '../../../db/schema-platform.ts';

export type Channels = Record<string, Partial<Record<NotificationChannel, boolean>>>;

export interface RecipientRow {
  id: number;
  fullName: string;
  email: string;
  emailClaimed: boolean;
  language: string;
  channels: Channels | null;
  quietStart: number | null;
  quietEnd: number | null;
}

/** The members of `businessId` among `userIds`, with what they chose; people who left are not among them. */
export async function recipientRows(db: Db, businessId: number, userIds: readonly number[]): Promise<RecipientRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      emailClaimed: users.emailClaimed,
      language: users.language,
      channels: notificationSettings.channels,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
    })
    .from(users)
    .innerJoin(businessMembers, and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, businessId)))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
}

export async function businessOf(db: Db, businessId: number) {
  const [row] = await db
    .select({ name: businesses.name, colour: businesses.colour, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

/** The supervisors of the site `teamId`. */
export async function supervisorsOf(db: Db, businessId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.authority, 'SUPERVISOR')));
  return [...new Set(rows.map((r) => r.id))];
}

/** The owners and admins of a business, and the supervisors of `teamId` when one is named. */
export async function overseersOf(db: Db, businessId: number, teamId: number | null): Promise<number[]> {
  const admins = await db
    .select({ id: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.role, ['OWNER', 'ADMIN'])));
  const supervisors =
    teamId === null
      ? []
      : await db
          .select({ id: teamMembers.userId })
          .from(teamMembers)
          .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.authority, 'SUPERVISOR')));
  return [...new Set([...admins, ...supervisors].map((r) => r.id))];
}

/** Everyone placed in the site `teamId` of the business (members and its supervisors). */
export async function siteMembersOf(db: Db, businessId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId)));
  return [...new Set(rows.map((r) => r.id))];
}

export async function siteNames(db: Db, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), inArray(teams.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function userNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** Marks one event handled and returns it; null when another job already did. */
export async function claimEvent(tx: Db, eventId: number) {
  const [row] = await tx
    .update(events)
    .set({ handledAt: new Date() })
    .where(and(eq(events.id, eventId), isNull(events.handledAt)))
    .returning();
  return row ?? null;
}

/** Marks every waiting event of a kind at a business handled, and returns them in order. */
export async function claimEventsOfKind(tx: Db, businessId: number, kind: string) {
  const rows = await tx
    .update(events)
    .set({ handledAt: new Date() })
    .where(and(eq(events.businessId, businessId), eq(events.kind, kind), isNull(events.handledAt)))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export interface NotificationInsert {
  businessId: number;
  userId: number;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  deliveryKey: string;
}

/** Inserts the rows whose keys are new; returns those made. */
export async function insertNotifications(tx: Db, rows: readonly NotificationInsert[]) {
  const made: { id: number; userId: number }[] = [];
  for (let at = 0; at < rows.length; at += 1000) {
    made.push(
      ...(await tx
        .insert(notifications)
        .values(rows.slice(at, at + 1000))
        .onConflictDoNothing()
        .returning({ id: notifications.id, userId: notifications.userId })),
    );
  }
  return made;
}

export async function listNotifications(db: Db, userId: number, businessId: number, query: { unread: boolean; before?: number; size: number }) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.businessId, businessId),
        query.unread ? isNull(notifications.readAt) : undefined,
        query.before ? lt(notifications.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.size + 1);
}

export async function countUnread(db: Db, userId: number, businessId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.businessId, businessId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Unread counts of several people at a business (the live stream's viewers). */
export async function countsUnread(db: Db, businessId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, number>();
  const rows = rowsOf<{ user_id: number; n: number }>(
    await db.execute(sql`
      select user_id, count(*)::int as n from ${notifications}
       where business_id = ${businessId} and read_at is null and user_id in ${[...userIds]}
       group by user_id`),
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

export async function markRead(db: Db, userId: number, businessId: number, id: number | null) {
  return db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.businessId, businessId),
        isNull(notifications.readAt),
        id === null ? undefined : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
}

export async function findNotification(db: Db, userId: number, businessId: number, id: number) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.businessId, businessId)));
  return row ?? null;
}

export async function settingsOf(db: Db, userId: number) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

export async function saveSettings(db: Db, userId: number, values: { channels: Channels; quietStart: number | null; quietEnd: number | null }) {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: new Date() } });
}

export async function setLanguage(db: Db, userId: number, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Tells every instance that the bell of people at `businessId` changed (delivered at commit). */
export async function announceBell(tx: Db, businessId: number) {
  await tx.execute(sql`select pg_notify('notifications', ${String(businessId)})`);
}

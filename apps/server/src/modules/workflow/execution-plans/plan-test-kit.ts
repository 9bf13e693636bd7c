// Shared set-up of the execution plan tests: a business whose clock reads about noon whenever
// the tests run (so "open now" and "today" never depend on the hour of the run), a site with
// members, and readers of plans and schedules.
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businesses } from '../../../db/schema.ts';
import { actionResults, executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { addMember, createAction, createBusinessWithOwner, createProject, createSite, createTask, placeInSite, type Caller } from '../../../test/factories.ts';

export const BASE = '/services/workflow/api';

/** A fixed-offset zone whose local time is about 12:00 now: UTC+12 at 00:xxZ down to UTC-11 at 23:xxZ. */
export function noonZone(at = new Date()): string {
  const offset = 12 - at.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** The local date in `timeZone`, `days` from today. */
export function localDate(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface World {
  owner: Caller;
  timeZone: string;
  taskId: number;
  projectId: number;
  siteId: number;
  otherSiteId: number;
  members: Caller[];
}

/** A business at noon with a task, two sites of one project and `n` members placed in the first site. */
export async function createWorld(app: FastifyInstance, n = 3): Promise<World> {
  const owner = await createBusinessWithOwner(app);
  const timeZone = noonZone();
  await app.db.update(businesses).set({ timeZone }).where(eq(businesses.id, owner.business.id));
  const project = await createProject(app, owner);
  const site = await createSite(app, owner, project.id, { name: 'North Gate' });
  const otherSite = await createSite(app, owner, project.id, { name: 'South Gate' });
  const task = await createTask(app, owner);
  const members: Caller[] = [];
  for (let i = 0; i < n; i++) {
    const member = await addMember(app, owner);
    await placeInSite(app, owner, site.id, member.userId);
    members.push(member);
  }
  return { owner, timeZone, taskId: task.id, projectId: project.id, siteId: site.id, otherSiteId: otherSite.id, members };
}

/** A create body for the world's task and site: daily this week, 06:00 to midnight, deadline a day. */
export function planBody(world: World, values: Record<string, unknown> = {}) {
  return {
    taskId: world.taskId,
    teamId: world.siteId,
    userIds: world.members.map((m) => m.userId),
    scheduleType: 'DAILY',
    startDate: localDate(world.timeZone),
    endDate: localDate(world.timeZone, 6),
    startTime: '06:00',
    endTime: '24:00',
    deadlineAfter: 1,
    deadlineUnit: 'DAYS',
    ...values,
  };
}

export const planCount = async (app: FastifyInstance, businessId: number) =>
  (await app.db.select({ n: count() }).from(executionPlans).where(eq(executionPlans.businessId, businessId)))[0].n;

export const planRows = (app: FastifyInstance, groupId: number) =>
  app.db
    .select()
    .from(executionPlans)
    .where(or(eq(executionPlans.id, groupId), eq(executionPlans.parentId, groupId)))
    .orderBy(asc(executionPlans.id));

/** The schedules of these member plans (or of a group's members), in start order, with their local date. */
export async function schedulesOf(app: FastifyInstance, planIds: number[], timeZone: string) {
  const ids = (
    await app.db
      .select({ id: executionPlans.id })
      .from(executionPlans)
      .where(or(inArray(executionPlans.id, planIds), inArray(executionPlans.parentId, planIds)))
  ).map((r) => r.id);
  const rows = await app.db.select().from(schedules).where(inArray(schedules.planId, ids)).orderBy(asc(schedules.start), asc(schedules.id));
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return rows.map((s) => ({ ...s, day: day.format(s.start) }));
}

/** Records an answer to a schedule straight in the table, as the answers module would. */
export async function answer(app: FastifyInstance, owner: Caller, scheduleId: number) {
  const [schedule] = await app.db.select().from(schedules).where(eq(schedules.id, scheduleId));
  const action = await createAction(app, owner, schedule.taskId);
  await app.db.insert(actionResults).values({
    businessId: schedule.businessId,
    scheduleId,
    actionId: action.id,
    taskId: schedule.taskId,
    teamId: schedule.teamId,
    userId: schedule.userId!,
    value: 'YES',
  });
  await app.db
    .update(schedules)
    .set({ status: 'inProgress' })
    .where(and(eq(schedules.id, scheduleId)));
}

// Builders for tests: users, businesses and signed-in callers in a line or two.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Business } from '@fieldops/shared/account';
import type { BusinessRole } from '@fieldops/shared/enums';
import type { ExecutionPlan, GroupPlanRequest } from '@fieldops/shared/plans';
import { eq, max } from 'drizzle-orm';
import { businessMembers, projects, teamMembers, teams, users } from '../db/schema.ts';
import { actions, tasks } from '../db/schema-workflow.ts';
import { tickets } from '../db/schema-helpdesk.ts';
import { actionResults, executionPlans, schedules } from '../db/schema-schedules.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { hashKey, randomKey } from '../lib/tokens.ts';
import { createBusinessFor } from '../modules/main/onboarding/onboarding.service.ts';

export const PASSWORD = 'secret-pass-1';
let passwordHash: Promise<string> | null = null;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createUser(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}) {
  const name = overrides.username ?? `user${unique()}`;
  const [user] = await app.db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.com`,
      fullName: `Person ${name}`,
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      activated: true,
      ...overrides,
    })
    .returning();
  return user;
}

export async function signIn(app: FastifyInstance, username: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id_token: string }>().id_token;
}

/** A signed-in user acting in one business; `request` adds their token and api key. */
export interface Caller {
  userId: number;
  username: string;
  token: string;
  business: Business;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function callerFor(app: FastifyInstance, user: { id: number; username: string }, token: string, business: Business): Caller {
  return {
    userId: user.id,
    username: user.username,
    token,
    business,
    request: (options) =>
      app.inject({
        ...options,
        headers: { authorization: `Bearer ${token}`, 'x-api-key': business.apiKey, ...(options.headers ?? {}) },
      }),
  };
}

export async function createBusinessWithOwner(app: FastifyInstance, name = `Business ${unique()}`): Promise<Caller> {
  const owner = await createUser(app);
  const business = await createBusinessFor(app.db, owner.id, { name });
  return callerFor(app, owner, await signIn(app, owner.username), business);
}

/** Another business owned by the caller's user (not their default one). */
export async function addBusinessOf(app: FastifyInstance, owner: Caller, name = `Business ${unique()}`) {
  return createBusinessFor(app.db, owner.userId, { name });
}

/** Adds a new user to the owner's business with a role, signed in. */
export async function addMember(app: FastifyInstance, owner: Caller, role: BusinessRole = 'MEMBER'): Promise<Caller> {
  const user = await createUser(app);
  await app.db.insert(businessMembers).values({ businessId: owner.business.id, userId: user.id, role, position: 'Cleaner' });
  return callerFor(app, user, await signIn(app, user.username), { ...owner.business, ownershipType: role });
}

/** A pending account of the business; `activationKey` is the key as handed over (the row keeps its hash). */
export async function createInvitedUser(app: FastifyInstance, owner: Caller) {
  const activationKey = randomKey();
  const user = await createUser(app, {
    activated: false,
    activationKey: hashKey(activationKey),
    activationExpiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    createdByBusinessId: owner.business.id,
    emailClaimed: false,
  });
  await app.db.insert(businessMembers).values({ businessId: owner.business.id, userId: user.id, role: 'MEMBER' });
  return { ...user, activationKey };
}

export async function createProjectAndSite(app: FastifyInstance, owner: Caller, name = `Site ${unique()}`) {
  const businessId = owner.business.id;
  const [project] = await app.db
    .insert(projects)
    .values({ businessId, name: `Project ${unique()}` })
    .returning();
  const [site] = await app.db.insert(teams).values({ businessId, projectId: project.id, name }).returning();
  return { project, site };
}

export async function createProject(app: FastifyInstance, owner: Caller, values: Partial<typeof projects.$inferInsert> = {}) {
  const [project] = await app.db
    .insert(projects)
    .values({ businessId: owner.business.id, name: `Project ${unique()}`, ...values })
    .returning();
  return project;
}

export async function createSite(app: FastifyInstance, owner: Caller, projectId: number, values: Partial<typeof teams.$inferInsert> = {}) {
  const [site] = await app.db
    .insert(teams)
    .values({ businessId: owner.business.id, projectId, name: `Site ${unique()}`, ...values })
    .returning();
  return site;
}

/** A business MEMBER who supervises the given sites, signed in. */
export async function addSupervisor(app: FastifyInstance, owner: Caller, siteIds: number[]): Promise<Caller> {
  const supervisor = await addMember(app, owner, 'MEMBER');
  for (const siteId of siteIds) await placeInSite(app, owner, siteId, supervisor.userId, 'SUPERVISOR');
  return supervisor;
}

export async function placeInSite(app: FastifyInstance, owner: Caller, siteId: number, userId: number, authority: 'SUPERVISOR' | 'MEMBER' = 'MEMBER') {
  await app.db.insert(teamMembers).values({ businessId: owner.business.id, teamId: siteId, userId, authority, position: 'Guard' });
}

/** Smallest valid images of each accepted kind, and a text file pretending to be one. */
export const IMAGES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  fakePng: Buffer.from('this is plain text, not an image'),
};

/** A signed link to a stored file (plugins/file-links.ts), as answers carry them; any extension unless named. */
export const signedFileUrl = (extension = '[a-z0-9]{2,5}') => new RegExp(`^/api/files/[a-f0-9]{32}\\.${extension}\\?expires=\\d+&signature=[\\w-]{43}$`);
/** The storage key a file link names, signed or not. */
export const fileKeyOf = (url: string) => url.split('?')[0].split('/').pop() ?? '';

export { multipart } from './multipart.ts';

/** A ticket of the caller's business, created by the caller (no history; the API writes that). */
export async function createTicket(app: FastifyInstance, creator: Caller, values: Partial<typeof tickets.$inferInsert> = {}) {
  const [ticket] = await app.db
    .insert(tickets)
    .values({ businessId: creator.business.id, title: `Ticket ${unique()}`, description: 'Something needs a look', creatorId: creator.userId, ...values })
    .returning();
  return ticket;
}

/** A task of the owner's business, with no actions. */
export async function createTask(app: FastifyInstance, owner: Caller, values: Partial<typeof tasks.$inferInsert> = {}) {
  const [task] = await app.db
    .insert(tasks)
    .values({ businessId: owner.business.id, creatorId: owner.userId, nameEn: `Task ${unique()}`, ...values })
    .returning();
  return task;
}

/** An action at the end of a task (or at `order`), a yes/no question unless told otherwise. */
export async function createAction(app: FastifyInstance, owner: Caller, taskId: number, values: Partial<typeof actions.$inferInsert> = {}) {
  const [{ last }] = await app.db
    .select({ last: max(actions.order) })
    .from(actions)
    .where(eq(actions.taskId, taskId));
  const [action] = await app.db
    .insert(actions)
    .values({ businessId: owner.business.id, taskId, order: (last ?? 0) + 1, nameEn: `Action ${unique()}`, type: 'YES_NO', ...values })
    .returning();
  return action;
}

const HOUR = 60 * 60 * 1000;

/** A member's plan row, inserted as is (a one-off plan unless told otherwise). */
export async function createPlanRow(db: Db, values: { businessId: number; taskId: number; teamId: number } & Partial<typeof executionPlans.$inferInsert>) {
  const [plan] = await db
    .insert(executionPlans)
    .values({ scheduleType: 'ONCE', startDate: '2024-01-01', startTime: '08:00', endTime: '17:00', deadlineAfter: 2, deadlineUnit: 'HOURS', ...values })
    .returning();
  return plan;
}

/**
 * A schedule row as the engine would make it, with a plan of its own unless `planId` is given
 * (`paused` and `activeFrom` go to that plan). Open by default: started an hour ago, deadline in
 * an hour.
 */
export async function createScheduleRow(
  db: Db,
  values: { businessId: number; taskId: number; teamId: number; userId: number; paused?: boolean; activeFrom?: string } & Partial<
    typeof schedules.$inferInsert
  >,
) {
  const { paused, activeFrom, ...row } = values;
  const now = Date.now();
  const plan =
    row.planId === undefined
      ? await createPlanRow(db, { businessId: row.businessId, taskId: row.taskId, teamId: row.teamId, userId: row.userId, paused, activeFrom })
      : (await db.select().from(executionPlans).where(eq(executionPlans.id, row.planId)))[0];
  const [schedule] = await db
    .insert(schedules)
    .values({ start: new Date(now - HOUR), end: new Date(now + HOUR), deadline: new Date(now + HOUR), ...row, planId: plan.id, groupId: plan.groupId })
    .returning();
  return schedule;
}

/** An answer row on a schedule as the submit call would have stored it (a "YES" unless told otherwise). */
export async function createAnswerRow(
  db: Db,
  schedule: Pick<typeof schedules.$inferSelect, 'id' | 'businessId' | 'taskId' | 'teamId' | 'userId'>,
  actionId: number,
  values: Partial<typeof actionResults.$inferInsert> = {},
) {
  const [row] = await db
    .insert(actionResults)
    .values({
      businessId: schedule.businessId,
      scheduleId: schedule.id,
      actionId,
      taskId: schedule.taskId,
      teamId: schedule.teamId,
      userId: schedule.userId!,
      value: 'YES',
      ...values,
    })
    .returning();
  return row;
}

/**
 * A group plan created through the API by `caller` (so its schedules are materialised), with
 * `userIds` already placed in the site. Daily from today (UTC) for a week, 06:00 to midnight,
 * deadline one day, unless told otherwise.
 */
export async function createPlan(
  caller: Caller,
  values: { taskId: number; teamId: number; userIds: number[] } & Partial<GroupPlanRequest>,
): Promise<ExecutionPlan> {
  const today = new Date().toISOString().slice(0, 10);
  const inAWeek = new Date(Date.now() + 6 * 24 * HOUR).toISOString().slice(0, 10);
  const res = await caller.request({
    method: 'POST',
    url: '/services/workflow/api/v1/execution-plans/assignType/GROUP/create',
    payload: {
      scheduleType: 'DAILY',
      startDate: today,
      endDate: inAWeek,
      startTime: '06:00',
      endTime: '24:00',
      deadlineAfter: 1,
      deadlineUnit: 'DAYS',
      ...values,
    },
  });
  if (res.statusCode !== 201) throw new Error(`plan creation failed: ${res.statusCode} ${res.body}`);
  return res.json<ExecutionPlan>();
}

// What the answer tests share: a site in Riyadh with positions inside and outside its
// geofence, a business with a member placed there, another business to keep apart, the submit
// call, file parts, a task with an open schedule for a member, and the business the
// answer-reading tests look at. It sits below the modules because the tests of several of them
// (schedules, reports, live feed) and of the plugins answer through it.
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { actionResults, heldAnswers, scheduleHandovers, schedules } from '../db/schema-schedules.ts';
import type { TestApp } from './test-app.ts';
import {
  IMAGES,
  addMember,
  addSupervisor,
  createAction,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  multipart,
  placeInSite,
  type Caller,
} from './factories.ts';

const API = '/services/workflow/api/v1';
/** The default radius is 200 m; 0.01° of latitude is about 1.1 km. A fix is good to 10 m. */
export const SITE = { latitude: 24.7136, longitude: 46.6753 };
export const INSIDE = { latitude: '24.7137', longitude: '46.6754', accuracy: '10' };
export const OUTSIDE = { latitude: '24.7236', longitude: '46.6753', accuracy: '10' };

type Files = Parameters<typeof multipart>[1];
/** The submit call as the app and the device's outbox make it; `headers` such as an Idempotency-Key go with it. */
export const submit = (caller: Caller, fields: Record<string, string>, files: Files = [], headers: Record<string, string> = {}) => {
  const form = multipart(fields, files);
  return caller.request({ method: 'POST', url: `${API}/action-results`, payload: form.payload, headers: { ...form.headers, ...headers } });
};
export const photo = (data: Buffer = IMAGES.png) => ({ field: 'file', filename: 'photo.png', type: 'image/png', data });

export const answerCount = async (db: Db, scheduleId: number) =>
  (await db.select({ n: count() }).from(actionResults).where(eq(actionResults.scheduleId, scheduleId)))[0].n;
/** Answers kept apart (paused plan, removed schedule) rather than counted. */
export const heldCount = async (db: Db, scheduleId: number) =>
  (await db.select({ n: count() }).from(heldAnswers).where(eq(heldAnswers.scheduleId, scheduleId)))[0].n;
export const statusOf = async (db: Db, scheduleId: number) =>
  (await db.select({ status: schedules.status, completedAt: schedules.completedAt }).from(schedules).where(eq(schedules.id, scheduleId)))[0];

/**
 * The member's device received the schedule at `at` (its offline copy), as the runner's read
 * records it, moved into the past: a late answer captured since then is credible.
 */
export const handedOver = async (db: Db, schedule: { id: number; businessId: number }, at: Date) => {
  await db.insert(scheduleHandovers).values({ scheduleId: schedule.id, businessId: schedule.businessId, handedAt: at });
};

export interface AnswerPlace {
  t: TestApp;
  owner: Caller;
  siteId: number;
}

/** A business with a project, a site at SITE and a member placed in it, all signed in. */
export async function memberAtSite(app: FastifyInstance) {
  const owner = await createBusinessWithOwner(app);
  const project = await createProject(app, owner);
  const siteId = (await createSite(app, owner, project.id, SITE)).id;
  const member = await addMember(app, owner);
  await placeInSite(app, owner, siteId, member.userId);
  return { owner, siteId, member };
}

/** Another business with a member and an action of its own: the ids that must never reach across. */
export async function otherBusiness(app: FastifyInstance) {
  const other = await createBusinessWithOwner(app);
  const otherMember = await addMember(app, other);
  const otherAction = (await createAction(app, other, (await createTask(app, other)).id)).id;
  return { other, otherMember, otherAction };
}

/** A task at the site with the given actions, and an open schedule of it for `who`. */
export async function scheduled(
  place: AnswerPlace,
  who: Caller,
  actions: Parameters<typeof createAction>[3][] = [{ required: true }],
  options: { geo?: boolean; schedule?: Partial<Parameters<typeof createScheduleRow>[1]> } = {},
) {
  const { t, owner, siteId } = place;
  const task = await createTask(t.app, owner, { geoRestrictionEnabled: options.geo ?? true });
  const created = [];
  for (const values of actions) created.push(await createAction(t.app, owner, task.id, values));
  const schedule = await createScheduleRow(t.app.db, {
    businessId: owner.business.id,
    taskId: task.id,
    teamId: siteId,
    userId: who.userId,
    ...options.schedule,
  });
  return { task, actions: created, schedule };
}

/**
 * The business the answer-reading tests look at: one project with sites A ("North Gate") and B,
 * two members in A and one in B, a supervisor of A, another business, and a task with a yes/no action.
 */
export async function answersWorld(t: TestApp) {
  const owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  const siteA = (await createSite(t.app, owner, project.id, { name: 'North Gate' })).id;
  const siteB = (await createSite(t.app, owner, project.id)).id;
  const member = await addMember(t.app, owner);
  const colleague = await addMember(t.app, owner);
  const faraway = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteA, member.userId);
  await placeInSite(t.app, owner, siteA, colleague.userId);
  await placeInSite(t.app, owner, siteB, faraway.userId);
  const supervisor = await addSupervisor(t.app, owner, [siteA]);
  const other = await createBusinessWithOwner(t.app);
  const task = await createTask(t.app, owner, { nameEn: 'Morning round' });
  const yesNo = await createAction(t.app, owner, task.id, { nameEn: 'Gate locked?' });
  return { owner, siteA, siteB, member, colleague, faraway, supervisor, other, task, yesNo };
}

// What the answer tests share: a site in Riyadh with positions inside and outside its
// geofence, the submit call, file parts, a task with an open schedule for a member, and the
// business the answer-reading tests look at.
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionResults, schedules } from '../../db/schema-schedules.ts';
import type { TestApp } from '../../test/test-app.ts';
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
} from '../../test/factories.ts';

const API = '/services/workflow/api/v1';
/** The default radius is 200 m; 0.01° of latitude is about 1.1 km. */
export const SITE = { latitude: 24.7136, longitude: 46.6753 };
export const INSIDE = { latitude: '24.7137', longitude: '46.6754' };
export const OUTSIDE = { latitude: '24.7236', longitude: '46.6753' };

type Files = Parameters<typeof multipart>[1];
export const submit = (caller: Caller, fields: Record<string, string>, files: Files = []) =>
  caller.request({ method: 'POST', url: `${API}/action-results`, ...multipart(fields, files) });
export const photo = (data: Buffer = IMAGES.png) => ({ field: 'file', filename: 'photo.png', type: 'image/png', data });

export const answerCount = async (db: Db, scheduleId: number) =>
  (await db.select({ n: count() }).from(actionResults).where(eq(actionResults.scheduleId, scheduleId)))[0].n;
export const statusOf = async (db: Db, scheduleId: number) =>
  (await db.select({ status: schedules.status, completedAt: schedules.completedAt }).from(schedules).where(eq(schedules.id, scheduleId)))[0];

export interface AnswerPlace {
  t: TestApp;
  owner: Caller;
  siteId: number;
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

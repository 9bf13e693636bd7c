// What the submit tests share: a site in Riyadh with positions inside and outside its
// geofence, the submit call, file parts, and a task with an open schedule for a member.
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionResults, schedules } from '../../db/schema-schedules.ts';
import type { TestApp } from '../../test/test-app.ts';
import { IMAGES, createAction, createScheduleRow, createTask, multipart, type Caller } from '../../test/factories.ts';

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
    businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: who.userId, ...options.schedule,
  });
  return { task, actions: created, schedule };
}

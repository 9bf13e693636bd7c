// What the report tests share: a business in Riyadh (UTC+3, so local days differ from UTC days)
// with a project, sites, members and a task, and schedules placed at local wall-clock times.
import { eq } from 'drizzle-orm';
import type { ScheduleStatus } from '@fieldops/shared/enums';
import { businesses } from '../../../db/schema.ts';
import { scheduleScores, type schedules } from '../../../db/schema-schedules.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

export const REPORT_API = '/services/workflow/api/v1/report';
export const ZONE = 'Asia/Riyadh';

/** A local wall-clock time in Riyadh ("2024-03-31T23:59") as an instant. */
export const riyadh = (local: string) => new Date(`${local}:00+03:00`);

export interface ReportPlace {
  t: TestApp;
  owner: Caller;
  businessId: number;
  projectId: number;
  siteId: number;
  taskId: number;
}

/** A business in Riyadh with one project, one site and one task. */
export async function reportBusiness(t: TestApp): Promise<ReportPlace> {
  const owner = await createBusinessWithOwner(t.app);
  await t.app.db.update(businesses).set({ timeZone: ZONE }).where(eq(businesses.id, owner.business.id));
  const project = await createProject(t.app, owner);
  const site = await createSite(t.app, owner, project.id);
  const task = await createTask(t.app, owner);
  return { t, owner, businessId: owner.business.id, projectId: project.id, siteId: site.id, taskId: task.id };
}

/** A member of the business placed in the site (the place's own unless told). */
export async function memberIn(place: ReportPlace, siteId = place.siteId): Promise<Caller> {
  const member = await addMember(place.t.app, place.owner);
  await placeInSite(place.t.app, place.owner, siteId, member.userId);
  return member;
}

export interface Placed {
  userId: number;
  /** Local start in Riyadh, "YYYY-MM-DDTHH:mm". */
  at: string;
  status: ScheduleStatus;
  teamId?: number;
  taskId?: number;
  planId?: number;
}

/** Schedules of the place's business, each with a plan of its own unless `planId` is given. */
export async function placeSchedules(place: ReportPlace, rows: Placed[]) {
  const made = [];
  for (const row of rows) {
    const start = riyadh(row.at);
    made.push(
      await createScheduleRow(place.t.app.db, {
        businessId: place.businessId,
        taskId: row.taskId ?? place.taskId,
        teamId: row.teamId ?? place.siteId,
        userId: row.userId,
        planId: row.planId,
        start,
        end: new Date(start.getTime() + 60 * 60 * 1000),
        deadline: new Date(start.getTime() + 2 * 60 * 60 * 1000),
        status: row.status,
      }),
    );
  }
  return made;
}

/** `n` schedules of a member with the same status, on the given local day at 10:00 and later. */
export const many = (userId: number, day: string, status: ScheduleStatus, n: number, extra: Partial<Placed> = {}): Placed[] =>
  Array.from({ length: n }, (_, i) => ({ userId, at: `${day}T${String(10 + i).padStart(2, '0')}:00`, status, ...extra }));

export const MARCH = 'startDate=2024-03-01&endDate=2024-03-31';

/** The scores of schedules none of which has one. */
export const NO_SCORES = { scored: 0, averageScore: null, passed: 0, failed: 0, passRate: null } as const;

export const get = (caller: Caller, url: string) => caller.request({ method: 'GET', url: `${REPORT_API}${url}` });

/** Keeps a score for each schedule as the app does (a percentage; passed or failed on a pass mark, or null without one). */
export async function scoreSchedules(place: ReportPlace, scores: [typeof schedules.$inferSelect, number | null, boolean | null][]) {
  for (const [s, percent, passed] of scores) {
    await place.t.app.db.insert(scheduleScores).values({
      scheduleId: s.id,
      businessId: s.businessId,
      taskId: s.taskId,
      teamId: s.teamId,
      userId: s.userId!,
      start: s.start,
      groupId: s.groupId,
      versionId: 1,
      achieved: percent ?? 0,
      possible: percent === null ? 0 : 100,
      percent,
      passed,
      failed: [],
      sections: [],
    });
  }
}

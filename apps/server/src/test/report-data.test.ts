// The report data generator (bench/lib/report-data.ts) at a tiny scale: what it makes, that the
// rows hang together as the app would have written them, and that its owner can sign in.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportBusiness, type ReportData } from '../../../../bench/lib/report-data.ts';
import { callerFor, signIn } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let data: ReportData;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const num = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(query))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  data = await generateReportBusiness(t.database, { answers: 3_000, log: () => {} });
}, 120_000);
afterAll(() => t.close());

describe('generateReportBusiness', () => {
  it('makes the business, its people, sites, tasks, plans and about the answers asked for', async () => {
    const b = data.businessId;
    expect(data.counts).toMatchObject({ projects: 1, sites: 2, members: 40, tasks: 4 });
    expect(await num(sql`select count(*) as n from business_members where business_id = ${b}`)).toBe(41);
    expect(await num(sql`select count(*) as n from team_members where business_id = ${b}`)).toBe(40);
    expect(await num(sql`select count(*) as n from team_members where business_id = ${b} and authority = 'SUPERVISOR'`)).toBe(2);
    expect(await num(sql`select count(*) as n from teams where business_id = ${b} and latitude is not null and longitude is not null`)).toBe(2);
    const perTask = await rows<{ n: string | number }>(sql`select count(*) as n from actions where business_id = ${b} group by task_id`);
    expect(perTask.map((r) => Number(r.n)).every((n) => n >= 3 && n <= 8)).toBe(true);
    expect(await num(sql`select count(*) as n from tags where business_id = ${b}`)).toBe(3);
    expect(await num(sql`select count(*) as n from action_tags where business_id = ${b}`)).toBeGreaterThan(0);
    expect(data.counts.answers).toBeGreaterThan(1_500);
    expect(data.counts.answers).toBeLessThan(4_500);
    expect(await num(sql`select count(*) as n from action_results where business_id = ${b}`)).toBe(data.counts.answers);
    expect(data.other?.counts.answers).toBeGreaterThan(0);
  });

  it('writes schedules of every status over the last year, none of them open past its deadline', async () => {
    const b = data.businessId;
    const byStatus = new Map(
      (await rows<{ status: string; n: string | number }>(sql`select status, count(*) as n from schedules where business_id = ${b} group by status`)).map(
        (r) => [r.status, Number(r.n)],
      ),
    );
    const total = [...byStatus.values()].reduce((a, n) => a + n, 0);
    expect(byStatus.get('done')! / total).toBeGreaterThan(0.6);
    expect(byStatus.get('missed')! / total).toBeGreaterThan(0.08);
    expect(await num(sql`select count(*) as n from schedules where business_id = ${b} and status in ('pending', 'inProgress') and deadline <= now()`)).toBe(0);
    expect(await num(sql`select count(*) as n from schedules where business_id = ${b} and start < now() - interval '366 days'`)).toBe(0);
    expect(await num(sql`select count(*) as n from schedules where business_id = ${b} and start > now() + interval '1 day'`)).toBe(0);
    // A schedule's plan is the member's own plan of the same task, in a group of its site.
    expect(
      await num(sql`
      select count(*) as n from schedules s join execution_plans p on p.id = s.plan_id join execution_plans g on g.id = p.parent_id
      where s.business_id = ${b} and (p.team_id <> s.team_id or g.team_id <> s.team_id or g.user_id is not null)`),
    ).toBe(0);
  });

  it('gives every answer a schedule of the same business, member, task and site, within its window', async () => {
    expect(
      await num(sql`
      select count(*) as n from action_results a
      join schedules s on s.id = a.schedule_id
      join actions x on x.id = a.action_id
      where a.business_id <> s.business_id or a.user_id <> s.user_id or a.task_id <> s.task_id or a.team_id <> s.team_id
        or x.task_id <> a.task_id or a.created_date < s.start or a.created_date > least(s."end", s.deadline, now())`),
    ).toBe(0);
    // Done schedules have every required action answered inside the site; pending ones nothing.
    expect(
      await num(sql`
      select count(*) as n from schedules s join actions x on x.task_id = s.task_id and x.required
      where s.status = 'done' and not exists (
        select 1 from action_results a where a.schedule_id = s.id and a.action_id = x.id and not a.outside)`),
    ).toBe(0);
    expect(await num(sql`select count(*) as n from action_results a join schedules s on s.id = a.schedule_id where s.status = 'pending'`)).toBe(0);
    expect(await num(sql`select count(*) as n from action_results where is_flagged`)).toBeGreaterThan(0);
  });

  it("lets its owner sign in and read the business's answers", async () => {
    const token = await signIn(t.app, data.ownerUsername, data.password);
    const owner = callerFor(t.app, { id: data.ownerId, username: data.ownerUsername }, token, {
      id: data.businessId,
      apiKey: data.apiKey,
    } as Parameters<typeof callerFor>[3]);
    const res = await owner.request({ method: 'GET', url: '/services/workflow/api/v1/report/latest/result?size=5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(data.counts.answers));
  });
});

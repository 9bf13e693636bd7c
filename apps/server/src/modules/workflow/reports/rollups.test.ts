// The report rollups are exact: after random schedules, answers and scores are written, changed
// and deleted in all the ways the app does (status moves, a score rewritten, a member leaving a
// group, a plan's schedules handed to another member, a plan, a site or a business deleted, a time
// zone changed), every rollup row equals a count from scratch of the rows themselves, and no count
// is missing; the member's month-to-date rows with the changes not yet folded into them too,
// before, between and after folds of any size; and every score still names its schedule's start,
// site, task, member and plan group. The seed is printed with a failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { businesses } from '../../../db/schema.ts';
import { actionResults, executionPlans, scheduleScores, schedules } from '../../../db/schema-schedules.ts';
import { rowsOf } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addDays } from './report-range.ts';
import { answerSource, dailyScheduleSource, dailyScoreSource, scheduleSource, scoreSource } from './report-source.ts';
import { foldMemberChanges } from './member-fold.ts';
import { KPI_KINDS, type KpiKind } from '@fieldops/shared/reports';
import { asPercent, compareRanked, rankingScore } from '@fieldops/shared/ranking';
import { findRanked, kpiSources } from './kpi.repository.ts';
import { monthToDate } from '../../../test/month-to-date-kit.ts';
import {
  addMember,
  createAction,
  createBusinessWithOwner,
  createPlanRow,
  createProject,
  createSite,
  createTask,
  placeInSite,
} from '../../../test/factories.ts';
import { handedOver, memberAtSite, scheduled, submit } from '../../../test/answer-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A small fast generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)], int: (n: number) => Math.floor(next() * n) };
}

const STATUSES = ['pending', 'inProgress', 'done', 'missed'] as const;
const ZONES = ['Asia/Riyadh', 'America/New_York', 'Pacific/Kiritimati', 'UTC'] as const;

/** A business with two sites, four members, two tasks of three actions, and group and member plans. */
async function randomBusiness(rnd: ReturnType<typeof random>) {
  const owner = await createBusinessWithOwner(t.app);
  const businessId = owner.business.id;
  await t.app.db
    .update(businesses)
    .set({ timeZone: rnd.pick(ZONES) })
    .where(eq(businesses.id, businessId));
  const project = await createProject(t.app, owner);
  const sites = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
  const members = [];
  for (let i = 0; i < 4; i++) {
    const member = await addMember(t.app, owner);
    await placeInSite(t.app, owner, sites[i % 2].id, member.userId);
    members.push({ userId: member.userId, teamId: sites[i % 2].id });
  }
  const tasks = [];
  for (let i = 0; i < 2; i++) {
    const task = await createTask(t.app, owner);
    const actionIds = [];
    for (let o = 0; o < 3; o++) actionIds.push((await createAction(t.app, owner, task.id, { order: o })).id);
    tasks.push({ id: task.id, actionIds });
  }
  // Per site and task a group plan with a member plan for each of the site's members.
  const plans = [];
  for (const site of sites) {
    for (const task of tasks) {
      const group = await createPlanRow(t.app.db, { businessId, taskId: task.id, teamId: site.id, scheduleType: 'DAILY' });
      for (const m of members.filter((x) => x.teamId === site.id)) {
        plans.push(
          await createPlanRow(t.app.db, { businessId, taskId: task.id, teamId: site.id, userId: m.userId, parentId: group.id, scheduleType: 'DAILY' }),
        );
      }
    }
  }
  return { owner, businessId, sites, members, tasks, plans };
}

type Business = Awaited<ReturnType<typeof randomBusiness>>;

/**
 * Percentages a score may have, the awkward ones included (thirds, sevenths: no finite decimal), so
 * that sums added and taken away over and over must still come back exactly.
 */
const PERCENTS = [100, 0, 50, 100 / 3, 200 / 3, 100 / 7, 87.5, 12.345678901234] as const;
const randomScore = (rnd: ReturnType<typeof random>) => ({
  // Now and then a score counts nothing (every scored item not applicable): no percentage.
  percent: rnd.next() < 0.1 ? null : rnd.pick(PERCENTS),
  passed: rnd.pick([true, false, null]),
});

/** `n` schedules on random plans at random instants over three months, with answers on most and a score on many. */
async function writeRandom(rnd: ReturnType<typeof random>, b: Business, n: number) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const plan = rnd.pick(b.plans);
    // Instants spread over three months, at any minute: many fall near a local midnight.
    const start = new Date(Date.UTC(2024, 1, 1) + rnd.int(90 * 24 * 60) * 60_000);
    rows.push({
      businessId: b.businessId,
      planId: plan.id,
      groupId: plan.groupId,
      taskId: plan.taskId,
      teamId: plan.teamId,
      userId: plan.userId!,
      start,
      end: new Date(start.getTime() + 3_600_000),
      deadline: new Date(start.getTime() + 7_200_000),
      status: rnd.pick(STATUSES),
    });
  }
  const made = await t.app.db.insert(schedules).values(rows).onConflictDoNothing().returning();
  const answers = [];
  for (const s of made) {
    const task = b.tasks.find((k) => k.id === s.taskId)!;
    for (const actionId of task.actionIds) {
      if (rnd.next() < 0.4) continue;
      answers.push({
        businessId: s.businessId,
        scheduleId: s.id,
        actionId,
        taskId: s.taskId,
        teamId: s.teamId,
        userId: s.userId!,
        value: 'YES' as const,
        outside: rnd.next() < 0.15,
        isFlagged: rnd.next() < 0.2,
        late: rnd.next() < 0.2,
        createdDate: new Date(s.start.getTime() + rnd.int(26 * 60) * 60_000),
      });
    }
  }
  if (answers.length > 0) await t.app.db.insert(actionResults).values(answers);
  // A score as the app keeps it: a copy of the schedule's member, site, task, start and group.
  const scores = made
    .filter(() => rnd.next() < 0.6)
    .map((s) => ({
      scheduleId: s.id,
      businessId: s.businessId,
      taskId: s.taskId,
      teamId: s.teamId,
      userId: s.userId!,
      start: s.start,
      groupId: s.groupId,
      versionId: 1,
      achieved: 1,
      possible: 2,
      failed: [],
      sections: [],
      ...randomScore(rnd),
    }));
  if (scores.length > 0) await t.app.db.insert(scheduleScores).values(scores);
  return made;
}

/** Rewrites some scores of the business as a new answer does (an upsert), one at a time and many at once. */
async function rescore(rnd: ReturnType<typeof random>, businessId: number) {
  const kept = await t.app.db.select().from(scheduleScores).where(eq(scheduleScores.businessId, businessId));
  for (const score of kept.slice(0, 15)) {
    await t.app.db
      .insert(scheduleScores)
      .values({ ...score, ...randomScore(rnd) })
      .onConflictDoUpdate({ target: scheduleScores.scheduleId, set: randomScore(rnd) });
  }
  // The same figures again change nothing; a statement over many moves them all.
  await t.app.db.execute(sql`update schedule_scores set percent = percent where business_id = ${businessId}`);
  await t.app.db.execute(
    sql`update schedule_scores set percent = 100 - percent, passed = not passed where business_id = ${businessId} and schedule_id % 3 = 0`,
  );
}

/** Every row of a query, each as one line of text, to compare row for row. */
const read = async (query: ReturnType<typeof sql>) =>
  rowsOf<Record<string, unknown>>(await t.app.db.execute(query)).map((r) => JSON.stringify(Object.values(r).map(String)));

/** The rows of each rollup that count something for the businesses, in key order, as text. */
async function rollupRows(ids: number[]) {
  return {
    members: await read(sql`select business_id, grain, period::text, team_id, user_id, done, missed, pending, in_progress, total
      from report_schedules_by_member where business_id in ${ids} and (total <> 0 or done <> 0 or missed <> 0 or pending <> 0 or in_progress <> 0) order by 1, 2, 3, 4, 5`),
    sites: await read(sql`select business_id, grain, period::text, team_id, task_id, group_id, done, missed, pending, in_progress, total
      from report_schedules_by_site where business_id in ${ids} and (total <> 0 or done <> 0 or missed <> 0 or pending <> 0 or in_progress <> 0) order by 1, 2, 3, 4, 5, 6`),
    answers: await read(sql`select business_id, grain, period::text, team_id, task_id, action_id, answers, flagged, outside, late
      from report_answers_by_site where business_id in ${ids} and (answers <> 0 or flagged <> 0 or outside <> 0 or late <> 0) order by 1, 2, 3, 4, 5, 6`),
    // The sum of percentages as a number whatever scale its past additions left it with.
    scoreMembers: await read(sql`select business_id, grain, period::text, team_id, user_id, scored, trim_scale(percent_sum)::text, passed, failed
      from report_scores_by_member where business_id in ${ids} and (scored <> 0 or percent_sum <> 0 or passed <> 0 or failed <> 0) order by 1, 2, 3, 4, 5`),
    scoreSites: await read(sql`select business_id, grain, period::text, team_id, task_id, group_id, scored, trim_scale(percent_sum)::text, passed, failed
      from report_scores_by_site where business_id in ${ids} and (scored <> 0 or percent_sum <> 0 or passed <> 0 or failed <> 0) order by 1, 2, 3, 4, 5, 6`),
  };
}

/** The same rows counted from scratch from the businesses' schedules and answers. */
async function countedFromScratch(ids: number[]) {
  const periods = (instant: string) => {
    const day = `(${instant} at time zone b.time_zone)::date`;
    return sql.raw(`
    select 'D' as grain, ${day} as period
    union all select 'T', date_trunc('month', ${day})::date
      + case when extract(day from ${day}) <= 10 then 0 when extract(day from ${day}) <= 20 then 10 else 20 end
    union all select 'M', date_trunc('month', ${day})::date`);
  };
  const statusCounts = sql`count(*) filter (where s.status = 'done') as done, count(*) filter (where s.status = 'missed') as missed,
    count(*) filter (where s.status = 'pending') as pending, count(*) filter (where s.status = 'inProgress') as in_progress, count(*) as total`;
  const scoreSums = sql`count(c.percent) as scored, trim_scale(coalesce(sum(c.percent::numeric), 0))::text as percent_sum,
    count(*) filter (where c.passed) as passed, count(*) filter (where not c.passed) as failed`;
  // Groups of scores that count nothing (no percentage, no pass mark) have no rollup row.
  const scoring = sql`count(c.percent) > 0 or count(c.passed) > 0`;
  return {
    // The member's rollup keeps days only.
    members: await read(sql`select s.business_id, p.grain, p.period::text, s.team_id, s.user_id, ${statusCounts}
      from schedules s join businesses b on b.id = s.business_id cross join lateral (${periods('s.start')}) p
      where p.grain = 'D' and s.business_id in ${ids}
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    // The group is read from the plan, not from the schedule's own copy of it.
    sites: await read(sql`select s.business_id, p.grain, p.period::text, s.team_id, s.task_id, coalesce(e.parent_id, e.id) as group_id, ${statusCounts}
      from schedules s join execution_plans e on e.id = s.plan_id join businesses b on b.id = s.business_id
      cross join lateral (${periods('s.start')}) p
      where s.business_id in ${ids}
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
    answers: await read(sql`select r.business_id, p.grain, p.period::text, r.team_id, r.task_id, r.action_id,
        count(*) filter (where not r.outside) as answers, count(*) filter (where not r.outside and r.is_flagged) as flagged,
        count(*) filter (where r.outside) as outside, count(*) filter (where not r.outside and r.late) as late
      from action_results r join businesses b on b.id = r.business_id cross join lateral (${periods('r.created_date')}) p
      -- A held answer is kept but never counted.
      where r.held is null and r.business_id in ${ids}
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
    scoreMembers: await read(sql`select c.business_id, p.grain, p.period::text, c.team_id, c.user_id, ${scoreSums}
      from schedule_scores c join businesses b on b.id = c.business_id cross join lateral (${periods('c.start')}) p
      where c.business_id in ${ids}
      group by 1, 2, 3, 4, 5 having ${scoring} order by 1, 2, 3, 4, 5`),
    scoreSites: await read(sql`select c.business_id, p.grain, p.period::text, c.team_id, c.task_id, c.group_id, ${scoreSums}
      from schedule_scores c join businesses b on b.id = c.business_id cross join lateral (${periods('c.start')}) p
      where c.business_id in ${ids}
      group by 1, 2, 3, 4, 5, 6 having ${scoring} order by 1, 2, 3, 4, 5, 6`),
    // Every score names what its schedule does now: its start, site, task, member and plan group (read from the plan).
    scoresAstray: await read(sql`select c.schedule_id from schedule_scores c
      join schedules s on s.id = c.schedule_id join execution_plans e on e.id = s.plan_id
      where c.business_id in ${ids}
        and (c.start, c.team_id, c.task_id, c.user_id, c.group_id) is distinct from (s.start, s.team_id, s.task_id, s.user_id, coalesce(e.parent_id, e.id))`),
  };
}

/**
 * Compares the rollups of the businesses (and only theirs: a test that ran out of time may still
 * be writing its own) with counts from scratch.
 */
async function expectExact(step: string, ids: number[], rnd?: ReturnType<typeof random>, scored = rnd !== undefined) {
  const [actual, expected] = [await rollupRows(ids), await countedFromScratch(ids)];
  if (scored) expect(expected.scoreMembers.length, step).toBeGreaterThan(0);
  expect(expected.members.length, step).toBeGreaterThan(0);
  expect(actual.members, `${step}: schedules by member`).toEqual(expected.members);
  expect(actual.sites, `${step}: schedules by site`).toEqual(expected.sites);
  expect(actual.answers, `${step}: answers by site`).toEqual(expected.answers);
  expect(actual.scoreMembers, `${step}: scores by member`).toEqual(expected.scoreMembers);
  expect(actual.scoreSites, `${step}: scores by site`).toEqual(expected.scoreSites);
  expect(expected.scoresAstray, `${step}: scores that no longer name their schedule's start, site, task, member or group`).toEqual([]);
  const toDate = await monthToDate(t.app.db, ids);
  expect(toDate.expected.length, step).toBeGreaterThan(0);
  expect(toDate.actual, `${step}: month to date`).toEqual(toDate.expected);
  if (!rnd) return;
  // One fold of a few of the changes, then of all: the sums read stay the same.
  await t.app.db.execute(sql`select report_member_fold(${1 + rnd.int(40)})`);
  expect((await monthToDate(t.app.db, ids)).actual, `${step}: month to date, some changes folded`).toEqual(toDate.expected);
  await foldMemberChanges(t.app.db, 1 + rnd.int(200));
  const [{ left }] = rowsOf<{ left: unknown }>(await t.app.db.execute(sql`select count(*) as left from report_schedules_by_member_changes`));
  expect(Number(left), `${step}: changes left after a whole fold`).toBe(0);
  expect((await monthToDate(t.app.db, ids)).actual, `${step}: month to date, all changes folded`).toEqual(toDate.expected);
}

describe('report rollups', () => {
  it('file every day of 2020 to 2031 under its own day, ten days and month', async () => {
    // The periods the triggers write (report_period, in date arithmetic), against the calendar's
    // own: every day of twelve years, leap days and month ends included.
    const differing = await read(sql`
      select d::date::text, g.grain, report_period(g.grain, d::date)::text
      from generate_series(date '2020-01-01', date '2031-12-31', interval '1 day') d
      cross join (values ('D'), ('T'), ('M')) g(grain)
      where report_period(g.grain, d::date) is distinct from case g.grain
        when 'D' then d::date
        when 'T' then date_trunc('month', d)::date + case when extract(day from d) <= 10 then 0 when extract(day from d) <= 20 then 10 else 20 end
        else date_trunc('month', d)::date end`);
    expect(differing).toEqual([]);
  });

  // Some 200 writes, each through the triggers, then full recounts: a minute allowed on a busy machine.
  for (const seed of [1, 2, 3]) {
    it(`equal a count from scratch after random writes, changes and deletes (seed ${seed})`, async () => {
      const rnd = random(seed);
      const a = await randomBusiness(rnd);
      const other = await randomBusiness(rnd);
      const ids = [a.businessId, other.businessId];
      const made = await writeRandom(rnd, a, 150);
      await writeRandom(rnd, other, 60);
      await expectExact('written', ids, rnd);

      // Statuses move, one schedule at a time and many at once; some times move too.
      for (const s of made.slice(0, 20)) {
        await t.app.db
          .update(schedules)
          .set({ status: rnd.pick(STATUSES) })
          .where(eq(schedules.id, s.id));
      }
      await t.app.db.execute(sql`update schedules set status = 'missed' where business_id = ${a.businessId} and status = 'pending' and start < '2024-03-01'`);
      await t.app.db
        .update(schedules)
        .set({ start: sql`${schedules.start} + interval '5 hours'` })
        .where(
          inArray(
            schedules.id,
            made.slice(20, 40).map((s) => s.id),
          ),
        );
      await t.app.db.execute(sql`update action_results set is_flagged = not is_flagged, late = not late where business_id = ${a.businessId} and id % 3 = 0`);
      await t.app.db.execute(
        sql`update action_results set outside = not outside, created_date = created_date - interval '20 hours' where business_id = ${a.businessId} and id % 5 = 0`,
      );
      await rescore(rnd, a.businessId);
      await expectExact('changed', ids);

      // A plan's schedules pass to another member (a stand-in handed over moves plans, then schedules,
      // then scores): the scores move with their schedules, and the explicit move finds nothing left.
      const [movedPlan] = a.plans;
      const taker = a.members.find((m) => m.userId !== movedPlan.userId && m.teamId === movedPlan.teamId)!;
      await t.app.db.update(executionPlans).set({ userId: taker.userId }).where(eq(executionPlans.id, movedPlan.id));
      await t.app.db.update(schedules).set({ userId: taker.userId }).where(eq(schedules.planId, movedPlan.id));
      await t.app.db.execute(sql`update schedule_scores set user_id = ${taker.userId} where user_id = ${movedPlan.userId!} and business_id = ${a.businessId}
        and schedule_id in (select id from schedules where plan_id = ${movedPlan.id})`);
      await expectExact('handed to another member', ids);

      // A member leaves their group: their schedules now count under their own plan.
      const leaving = a.plans.filter((p) => p.userId === a.members[0].userId);
      await t.app.db
        .update(executionPlans)
        .set({ parentId: null })
        .where(
          inArray(
            executionPlans.id,
            leaving.map((p) => p.id),
          ),
        );
      await expectExact('left a group', ids, rnd);

      // Deletes: some answers and scores, some schedules (their scores go with them), a member's
      // plan (its schedules and their scores go with it), a site.
      await t.app.db.execute(sql`delete from action_results where business_id = ${a.businessId} and id % 4 = 1`);
      await t.app.db.execute(sql`delete from schedule_scores where business_id = ${a.businessId} and schedule_id % 7 = 2`);
      await t.app.db.delete(schedules).where(
        inArray(
          schedules.id,
          made.slice(40, 60).map((s) => s.id),
        ),
      );
      await t.app.db.delete(executionPlans).where(eq(executionPlans.id, a.plans[1].id));
      await expectExact('deleted rows', ids);
      await t.app.db.execute(sql`delete from teams where id = ${a.sites[1].id}`);
      await expectExact('deleted a site', ids, rnd);

      // Another time zone moves every local day; then the business goes altogether.
      const zone = ZONES.find((z) => z !== 'UTC' && z !== rnd.pick(ZONES)) ?? 'UTC';
      await t.app.db.update(businesses).set({ timeZone: zone }).where(eq(businesses.id, a.businessId));
      await expectExact('moved time zone', ids);
      await t.app.db.delete(businesses).where(eq(businesses.id, other.businessId));
      await expectExact('deleted a business', ids, rnd);
    }, 60_000);
  }

  it('stay exact when an answer captured in time arrives late and takes a missed schedule to done, and when one is held', async () => {
    const { owner, siteId, member } = await memberAtSite(t.app);
    const businessId = owner.business.id;
    const HOUR = 3_600_000;
    const window = { start: new Date(Date.now() - 3 * HOUR), end: new Date(Date.now() - 2 * HOUR), deadline: new Date(Date.now() - HOUR) };
    // Two schedules, each of a task of its own with one required action and no geofence.
    const place = { t, owner, siteId };
    // The missed schedule's task scores its one answer ("Yes" 1 point, "No" none).
    const scoring = { score: 1, na: false, photoRequired: false, noteRequired: false, flag: false };
    const scoredAction = { required: true, type: 'YES_NO' as const, rules: { YES: scoring, NO: { ...scoring, score: 0 } } };
    const missed = await scheduled(place, member, [scoredAction], { geo: false, schedule: { ...window, status: 'missed' } });
    const paused = await scheduled(place, member, [{ required: true }], { geo: false, schedule: { paused: true } });
    // The business's daily rows together (the two schedules may start on either side of midnight).
    const byDay = async () =>
      rowsOf<{ done: number; missed: number; pending: number }>(
        await t.app.db.execute(sql`select sum(done)::int as done, sum(missed)::int as missed, sum(pending)::int as pending
          from report_schedules_by_member where business_id = ${businessId} and grain = 'D'`),
      );
    expect(await byDay()).toEqual([{ done: 0, missed: 1, pending: 1 }]);
    await expectExact('a missed schedule', [businessId]);
    // The member's device took its copy before the schedule opened: the late capture is credible.
    await handedOver(t.app.db, missed.schedule, new Date(window.start.getTime() - HOUR));

    const send = ({ schedule, actions }: typeof missed, capturedAt: Date) =>
      submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', capturedAt: capturedAt.toISOString() });
    const late = await send(missed, new Date(window.start.getTime() + 30 * 60_000));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().schedule.status).toBe('done');
    // Scored by the app as it stored the answer, and rolled up under the schedule's day.
    await expectExact('a late answer', [businessId], undefined, true);
    expect(await byDay()).toEqual([{ done: 1, missed: 0, pending: 1 }]);
    const [scoreRolled] = rowsOf<{ scored: number; percent: number }>(
      await t.app.db.execute(sql`select sum(scored)::int as scored, sum(percent_sum)::float8 as percent
        from report_scores_by_member where business_id = ${businessId} and grain = 'D'`),
    );
    expect(scoreRolled).toEqual({ scored: 1, percent: 100 });
    const [lateRolled] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select sum(late)::int as n from report_answers_by_site where business_id = ${businessId} and grain = 'D'`),
    );
    expect(lateRolled?.n).toBe(1);

    const held = await send(paused, new Date(Date.now() - 60_000));
    expect(held.json().result.held).toBe('PAUSED');
    await expectExact('a held answer', [businessId]);
    expect(await byDay()).toEqual([{ done: 1, missed: 0, pending: 1 }]);
  });

  it('give every report the same counts as the rows themselves, for ranges of days, whole months and a year', async () => {
    const rnd = random(7);
    const b = await randomBusiness(rnd);
    await writeRandom(rnd, b, 300);
    const [{ zone }] = rowsOf<{ zone: string }>(await t.app.db.execute(sql`select time_zone as zone from businesses where id = ${b.businessId}`));
    const scope = { businessId: b.businessId, view: null };
    // Groups that count nothing are left out: a member's month-to-date rows can cancel out.
    const sum = async (source: ReturnType<typeof sql>, key: string, columns: string[]) =>
      rowsOf<Record<string, unknown>>(
        await t.app.db.execute(sql`select ${sql.raw(key)} as key, ${sql.raw(columns.map((c) => `sum(${c})::int as ${c}`).join(', '))}
          from (${source}) src group by 1 order by 1`),
      )
        .filter((r) => columns.some((c) => r[c] !== 0))
        .map((r) => JSON.stringify(r));
    const ranges = [
      ['2024-02-01', '2024-04-30'],
      ['2024-02-10', '2024-03-31'],
      ['2024-02-01', '2024-03-05'],
      ['2024-02-17', '2024-04-02'],
      ['2024-03-01', '2024-03-01'],
      ['2024-02-29', '2024-03-01'],
      ['2023-05-01', '2024-04-30'],
      ['2024-02-11', '2024-02-20'],
      ['2024-02-21', '2024-03-10'],
      ['2024-02-05', '2024-02-28'],
      ['2024-02-21', '2024-02-29'],
      ['2024-03-02', '2024-03-02'],
      ['2024-02-02', '2024-03-31'],
    ];
    for (let i = 0; i < 5; i++) {
      const start = addDays('2024-01-25', rnd.int(100));
      ranges.push([start, addDays(start, rnd.int(80))]);
    }
    const statusColumns = ['done', 'missed', 'pending', 'in_progress', 'total'];
    // Score sums by a key, the sum of percentages as a number whatever its scale; groups that sum nothing left out.
    const scoreSum = async (source: ReturnType<typeof sql>, key: string) =>
      read(sql`select ${sql.raw(key)} as key, sum(scored)::int as scored, trim_scale(sum(percent_sum))::text as percent_sum,
          sum(passed)::int as passed, sum(failed)::int as failed
        from (${source}) src group by 1 having (sum(scored), sum(percent_sum), sum(passed), sum(failed)) <> (0, 0, 0, 0) order by 1`);
    const dailyScores = async (range: { startDate: string; endDate: string; timeZone: string }, filter: { users?: number[]; task?: number }) =>
      read(sql`select day, scored::int, trim_scale(percent_sum)::text, passed::int, failed::int
        from (${dailyScoreSource(scope, filter, range)}) d where (scored, percent_sum, passed, failed) <> (0, 0, 0, 0) order by day`);
    // The member lists read month-to-date rows and the changes not folded into them: some of the
    // ranges are read with a few changes folded, the rest with all of them.
    await t.app.db.execute(sql`select report_member_fold(25)`);
    for (const [index, [startDate, endDate]] of ranges.entries()) {
      if (index === 8) await foldMemberChanges(t.app.db);
      const range = { startDate, endDate, timeZone: zone };
      const label = `${startDate} to ${endDate} in ${zone}`;
      // Needing both the member and the task, a source reads the schedules themselves.
      const rows = scheduleSource(scope, {}, range, { user: true, task: true });
      for (const key of ['team_id', 'task_id', 'group_id']) {
        expect(await sum(scheduleSource(scope, {}, range, { task: true }), key, statusColumns), `${label} by ${key}`).toEqual(
          await sum(rows, key, statusColumns),
        );
      }
      expect(await sum(scheduleSource(scope, {}, range, { user: true }), 'user_id', statusColumns), `${label} by member`).toEqual(
        await sum(rows, 'user_id', statusColumns),
      );
      const answerColumns = ['answers', 'flagged', 'outside', 'late'];
      const answerRows = answerSource(scope, { users: b.members.map((m) => m.userId) }, range);
      expect(await sum(answerSource(scope, {}, range), 'action_id', answerColumns), `${label} answers`).toEqual(
        await sum(answerRows, 'action_id', answerColumns),
      );
      const daily = async (filter: { users?: number[]; task: number }) =>
        rowsOf<Record<string, unknown>>(await t.app.db.execute(sql`select * from (${dailyScheduleSource(scope, filter, range)}) d order by day`)).map((r) =>
          JSON.stringify([r.day, ...statusColumns.map((c) => Number(r[c]))]),
        );
      // The latest results' total comes from the rollups too: the same as counting the answers.
      const dates = `startDate=${startDate}&endDate=${endDate}`;
      const inRangeOf = sql`business_id = ${b.businessId} and created_date >= (${startDate}::date::timestamp at time zone ${zone})
        and created_date < ((${endDate}::date + 1)::timestamp at time zone ${zone})`;
      const counted = async (extra: ReturnType<typeof sql>) =>
        String(rowsOf<{ n: unknown }>(await t.app.db.execute(sql`select count(*) as n from action_results where ${inRangeOf} and ${extra}`))[0].n);
      const totalOf = async (query: string) => {
        const res = await b.owner.request({ method: 'GET', url: `/services/workflow/api/v1/report/latest/result?${dates}&size=1${query}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.headers['x-total-count'];
      };
      expect(await totalOf(''), `${label} latest results`).toBe(await counted(sql`true`));
      expect(await totalOf(`&teams=${b.sites[0].id}`), `${label} latest results of a site`).toBe(await counted(sql`team_id = ${b.sites[0].id}`));
      expect(await totalOf(`&action=${b.tasks[1].actionIds[2]}`), `${label} latest results of an action`).toBe(
        await counted(sql`action_id = ${b.tasks[1].actionIds[2]}`),
      );
      // A task and some members: the schedules themselves again.
      for (const task of b.tasks) {
        expect(await daily({ task: task.id }), `${label} by day`).toEqual(await daily({ task: task.id, users: b.members.map((m) => m.userId) }));
      }

      // Scores: the rollup by site and the one by member against the kept scores themselves.
      const scoreRows = scoreSource(scope, {}, range, { user: true, task: true });
      for (const key of ['team_id', 'task_id', 'group_id']) {
        expect(await scoreSum(scoreSource(scope, {}, range, { task: true }), key), `${label} scores by ${key}`).toEqual(await scoreSum(scoreRows, key));
      }
      expect(await scoreSum(scoreSource(scope, {}, range, { user: true }), 'user_id'), `${label} scores by member`).toEqual(
        await scoreSum(scoreRows, 'user_id'),
      );
      const everyone = b.members.map((m) => m.userId);
      expect(await dailyScores(range, {}), `${label} scores by day, by member`).toEqual(await dailyScores(range, { users: everyone }));
      for (const task of b.tasks) {
        expect(await dailyScores(range, { task: task.id }), `${label} scores by day`).toEqual(await dailyScores(range, { task: task.id, users: everyone }));
      }
    }
  });

  it('rank every list exactly as the schedules themselves, recounted and ranked by the stated rule, rank it', async () => {
    const rnd = random(11);
    const b = await randomBusiness(rnd);
    await writeRandom(rnd, b, 300);
    // Some work finished late: counted in the total, not as done.
    await t.app.db.execute(sql`update schedules set status = 'late' where business_id = ${b.businessId} and status = 'done' and id % 3 = 0`);
    await t.app.db.execute(sql`select report_member_fold(10)`);
    const [{ zone }] = rowsOf<{ zone: string }>(await t.app.db.execute(sql`select time_zone as zone from businesses where id = ${b.businessId}`));
    const scope = { businessId: b.businessId, view: null };
    const KEYS: Record<KpiKind, string> = {
      members: 's.user_id',
      teams: 's.team_id',
      projects: '(select project_id from teams where teams.id = s.team_id)',
      tasks: 's.task_id',
      schedules: 's.group_id',
    };
    const [{ late }] = rowsOf<{ late: unknown }>(
      await t.app.db.execute(sql`select count(*) as late from schedules where business_id = ${b.businessId} and status = 'late'`),
    );
    expect(Number(late)).toBeGreaterThan(10);
    const recount = async (kind: KpiKind, startDate: string, endDate: string) => {
      const rows = rowsOf<{ id: unknown; done: unknown; total: unknown }>(
        await t.app.db.execute(sql`select ${sql.raw(KEYS[kind])} as id, count(*) filter (where s.status = 'done') as done, count(*) as total
          from schedules s where s.business_id = ${b.businessId}
            and s.start >= (${startDate}::date::timestamp at time zone ${zone}) and s.start < ((${endDate}::date + 1)::timestamp at time zone ${zone})
          group by 1`),
      ).map((r) => ({ id: Number(r.id), done: Number(r.done), total: Number(r.total) }));
      const all = { done: rows.reduce((n, r) => n + r.done, 0), total: rows.reduce((n, r) => n + r.total, 0) };
      const best = [...rows].sort(compareRanked(all));
      // Worst first: the lowest score, then more schedules, then the lower id.
      const byScore = compareRanked(all);
      const worst = [...rows].sort((x, y) => rankingScore(x, all) - rankingScore(y, all) || byScore(x, y));
      return {
        best: best.map((r, i) => ({ id: r.id, rank: i + 1, done: r.done, total: r.total, score: asPercent(rankingScore(r, all)) })),
        worst: worst.map((r) => r.id),
      };
    };
    const ranges = [
      ['2024-02-01', '2024-04-30'],
      ['2024-02-17', '2024-04-02'],
      ['2024-03-01', '2024-03-01'],
      ['2023-05-01', '2024-04-30'],
    ];
    for (const [index, [startDate, endDate]] of ranges.entries()) {
      if (index === 2) await foldMemberChanges(t.app.db);
      const range = { startDate, endDate, timeZone: zone };
      for (const kind of KPI_KINDS) {
        const expected = await recount(kind, startDate, endDate);
        const { items, total } = await findRanked(t.app.db, kind, b.businessId, kpiSources(scope, {}, range, kind), 'rate', { page: 0, size: 100 });
        expect(total, `${kind} ${startDate} to ${endDate}`).toBe(expected.best.length);
        expect(
          items.map((i) => ({ id: i.id, rank: i.rank, done: i.counts.done, total: i.counts.total, score: i.ranking.score })),
          `${kind} ${startDate} to ${endDate}`,
        ).toEqual(expected.best);
        const worst = await findRanked(t.app.db, kind, b.businessId, kpiSources(scope, {}, range, kind), 'worst', { page: 0, size: 100 });
        expect(
          worst.items.map((i) => i.id),
          `${kind} ${startDate} to ${endDate}, worst first`,
        ).toEqual(expected.worst);
      }
    }
  });
});

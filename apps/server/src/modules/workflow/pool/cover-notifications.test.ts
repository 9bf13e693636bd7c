// Cover requests heard of (DESIGN §6, §12), on the real queue with the app's own workers: a request
// tells the site's other members once, in their language, and nobody else; an acceptance tells the
// requester; an assignment tells the requester and the colleague given it; no one hears of their own act.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CoverRequest } from '@fieldops/shared/pool';
import { scheduleTimeWords } from '@fieldops/shared/schedule-time';
import { businesses, users } from '../../../db/schema.ts';
import { events, notifications } from '../../../db/schema-platform.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createProjectAndSite,
  createScheduleRow,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { retrySettings } from '../../platform/queue/queue.ts';

const BASE = '/services/workflow/api';
const APP_URL = 'http://app.test';
let smtp: SmtpKit;
let t: TestApp;
let owner: Caller;
let site: { id: number; name: string };
let taskId: number;
let asker: Caller;
let colleague: Caller;
let third: Caller;
let supervisor: Caller;
let elsewhere: Caller;
let stranger: Caller;
let strangerMember: Caller;
const names = new Map<number, string>();

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsTo = (c: Caller) => smtp.received.filter((m) => m.to.includes(`${c.username}@example.com`));

/** Waits until every event of the owner's business is fanned out, then a moment for stray work. */
async function drained() {
  for (let i = 0; i < 100; i++) {
    const waiting = await t.app.db.$count(events, and(eq(events.businessId, owner.business.id), isNull(events.handledAt)));
    if (waiting === 0) break;
    await settle(100);
  }
  await settle(500);
}
/** Everyone's bell entries of the cover kinds, as `userId kind`, in any business. */
async function coverBells(scheduleId: number) {
  const rows = await t.app.db
    .select({
      userId: notifications.userId,
      businessId: notifications.businessId,
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.kind, ['coverRequested', 'coverAccepted', 'coverAssigned']),
        sql`(${notifications.params}->>'scheduleId')::int = ${scheduleId}`,
      ),
    );
  return rows;
}
const schedule = () => createScheduleRow(t.app.db, { businessId: owner.business.id, taskId, teamId: site.id, userId: asker.userId });
async function ask(scheduleId: number) {
  const res = await asker.request({ method: 'POST', url: `${BASE}/v1/schedules/${scheduleId}/cover-requests`, payload: { reason: 'Ill today' } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<CoverRequest>();
}

beforeAll(async () => {
  retrySettings.limit = 3;
  retrySettings.delaySeconds = 1;
  smtp = await startSmtp();
  t = await createTestApp({ jobs: { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: APP_URL } } });
  await t.app.ready();
  owner = await createBusinessWithOwner(t.app, 'Bright Cleaning');
  await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
  ({ site } = await createProjectAndSite(t.app, owner, 'North Gate'));
  const other = (await createProjectAndSite(t.app, owner, 'South Gate')).site;
  taskId = (await createTask(t.app, owner, { nameEn: 'Morning round', nameAr: 'جولة الصباح' })).id;
  [asker, colleague, third] = [await addMember(t.app, owner), await addMember(t.app, owner), await addMember(t.app, owner)];
  for (const c of [asker, colleague, third]) await placeInSite(t.app, owner, site.id, c.userId);
  supervisor = await addSupervisor(t.app, owner, [site.id]);
  elsewhere = await addMember(t.app, owner);
  await placeInSite(t.app, owner, other.id, elsewhere.userId);
  // Another business, whose member is placed in a site of its own.
  stranger = await createBusinessWithOwner(t.app);
  strangerMember = await addMember(t.app, stranger);
  await placeInSite(t.app, stranger, (await createProjectAndSite(t.app, stranger, 'North Gate')).site.id, strangerMember.userId);
  await t.app.db.update(users).set({ language: 'ar' }).where(eq(users.id, colleague.userId));
  for (const c of [asker, colleague, third, supervisor]) {
    names.set(c.userId, (await t.app.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, c.userId)))[0]!.fullName);
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

describe('a cover request', () => {
  it("tells the site's other members once, in their language, and no one else", async () => {
    const { id: scheduleId, start } = await schedule();
    const request = await ask(scheduleId);
    await ask(scheduleId); // a retried ask makes no second request, and no second notice
    await drained();

    const bells = await coverBells(scheduleId);
    expect(bells.map((b) => b.userId).sort()).toEqual([colleague.userId, third.userId, supervisor.userId].sort());
    for (const b of bells) {
      expect(b).toMatchObject({ businessId: owner.business.id, kind: 'coverRequested', link: '/tracker' });
      expect(b.params).toMatchObject({
        actor: names.get(asker.userId),
        taskName: 'Morning round',
        taskNameAr: 'جولة الصباح',
        siteName: 'North Gate',
        start: start.toISOString(),
        timeZone: 'Asia/Riyadh',
      });
    }
    // Nothing for the requester, a member of another site, the owner, or anyone of another business.
    for (const c of [asker, elsewhere, owner, stranger, strangerMember]) {
      expect((await c.request({ method: 'GET', url: '/api/v1/notifications' })).json().items, c.username).toEqual([]);
    }

    // The e-mails: the Arabic-speaking colleague reads Arabic, the others English.
    await smtp.waitFor(3);
    expect(mailsTo(colleague)).toHaveLength(1);
    expect(mailsTo(colleague)[0]!.parsed.subject).toBe(`طلب تغطية من ${names.get(asker.userId)}: جولة الصباح`);
    expect(String(mailsTo(colleague)[0]!.parsed.html)).toContain('dir="rtl"');
    expect(mailsTo(colleague)[0]!.parsed.text).toContain('North Gate');
    // Each says when the schedule starts, on the business's clock, in the reader's language.
    expect(mailsTo(colleague)[0]!.parsed.text).toContain(`يوم ${scheduleTimeWords('ar', start.toISOString(), 'Asia/Riyadh')}`);
    expect(mailsTo(third)[0]!.parsed.text).toContain(`to cover Morning round on ${scheduleTimeWords('en', start.toISOString(), 'Asia/Riyadh')}.`);
    expect(mailsTo(third)[0]!.parsed.subject).toBe(`${names.get(asker.userId)} asks for cover: Morning round`);
    expect(mailsTo(asker)).toEqual([]);
    expect(mailsTo(elsewhere)).toEqual([]);
    expect(smtp.received).toHaveLength(3);
    expect(request.status).toBe('OPEN');
  }, 30_000);

  it('when accepted, tells the requester who covers, and not the colleague who accepted', async () => {
    const { id: scheduleId } = await schedule();
    const request = await ask(scheduleId);
    await drained();
    await smtp.waitFor(3); // the request's e-mails to the site's other members
    await settle(500);
    smtp.received.length = 0;
    const res = await colleague.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${request.id}/accept` });
    expect(res.statusCode, res.body).toBe(200);
    await drained();

    const decided = (await coverBells(scheduleId)).filter((b) => b.kind !== 'coverRequested');
    expect(decided).toEqual([
      {
        userId: asker.userId,
        businessId: owner.business.id,
        kind: 'coverAccepted',
        params: expect.objectContaining({ coverName: names.get(colleague.userId), taskName: 'Morning round' }),
        link: `/tracker/${scheduleId}`,
      },
    ]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([`${asker.username}@example.com`]);
    expect(mail!.parsed.subject).toBe(`${names.get(colleague.userId)} will cover Morning round`);
    expect(String(mail!.parsed.html)).toContain(`href="${APP_URL}/tracker/${scheduleId}"`);
  }, 30_000);

  it('when a manager assigns, tells the requester and the colleague given it, and not the manager', async () => {
    const { id: scheduleId } = await schedule();
    const request = await ask(scheduleId);
    await drained();
    await smtp.waitFor(3); // the request's e-mails to the site's other members
    await settle(500);
    smtp.received.length = 0;
    const res = await supervisor.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${request.id}/assign`, payload: { userId: colleague.userId } });
    expect(res.statusCode, res.body).toBe(200);
    await drained();

    const decided = (await coverBells(scheduleId)).filter((b) => b.kind !== 'coverRequested');
    expect(decided.map((b) => [b.userId, b.kind]).sort()).toEqual(
      [
        [asker.userId, 'coverAccepted'],
        [colleague.userId, 'coverAssigned'],
      ].sort(),
    );
    for (const b of decided) expect(b.link).toBe(`/tracker/${scheduleId}`);
    await smtp.waitFor(2);
    await settle(500);
    expect(smtp.received).toHaveLength(2);
    expect(mailsTo(asker)[0]!.parsed.subject).toBe(`${names.get(colleague.userId)} will cover Morning round`);
    // The colleague reads Arabic: the task's Arabic name, and the manager who gave it.
    expect(mailsTo(colleague)[0]!.parsed.subject).toBe('أُسند إليك جولة الصباح للتغطية');
    expect(mailsTo(colleague)[0]!.parsed.text).toContain(names.get(supervisor.userId));
    expect(mailsTo(supervisor)).toEqual([]);
  }, 30_000);

  it('tells no one of a refused decision or a withdrawal', async () => {
    const { id: scheduleId } = await schedule();
    const request = await ask(scheduleId);
    await drained();
    const before = (await coverBells(scheduleId)).length;
    // A member of another site cannot accept (404), nor can someone of another business; the requester withdraws.
    expect((await elsewhere.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${request.id}/accept` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${request.id}/accept` })).statusCode).toBe(404);
    expect((await asker.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${request.id}/withdraw` })).statusCode).toBe(200);
    await drained();
    expect((await coverBells(scheduleId)).length).toBe(before);
  }, 30_000);
});

// Notifications end to end on the real queue: events made by the API, fanned out by the app's own
// workers, e-mails received by a real SMTP server in this process and read back with mailparser.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { events, mailMessages, notifications } from '../../../db/schema-platform.ts';
import { rowsOf } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueSettled } from '../../../test/queue-kit.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProjectAndSite, type Caller } from '../../../test/factories.ts';
import { digestSeconds, recordEvent } from '../events/events.service.ts';
import { retrySettings } from '../queue/queue.ts';

const APP_URL = 'http://app.test';
let smtp: SmtpKit;
let t: TestApp;
let owner: Caller;
let member: Caller;

// Jobs that follow from changes; the clock's own (a reminder scan a minute) come and go regardless.
const jobsCount = async () =>
  Number(
    rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from pgboss.job where name not in ('reminders.scan', '__pgboss__send-it')`))[0]!
      .n,
  );
const ofUser = (userId: number) => smtp.received.filter((m) => m.to.includes(`${userIdToName.get(userId)}@example.com`));
const userIdToName = new Map<number, string>();
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  retrySettings.limit = 6;
  retrySettings.delaySeconds = 1;
  digestSeconds['answer.flagged'] = 1;
  digestSeconds['schedules.assigned'] = 1;
  smtp = await startSmtp();
  t = await createTestApp({ jobs: { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: APP_URL } } });
  await t.app.ready();
  owner = await createBusinessWithOwner(t.app, 'Bright Cleaning');
  member = await addMember(t.app, owner);
  for (const c of [owner, member]) userIdToName.set(c.userId, c.username);
  await t.app.db.update(users).set({ language: 'ar' }).where(eq(users.id, member.userId));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

describe('a ticket assigned', () => {
  it('reaches its assignee once: one bell entry and one e-mail in their language, with a working link', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'Leak in <b>lobby</b>', description: 'Water', agentId: member.userId },
    });
    expect(res.statusCode).toBe(201);
    const ticketId = res.json().id as number;
    const [mail] = await smtp.waitFor(1);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.to).toEqual([`${member.username}@example.com`]);
    expect(mail!.parsed.subject).toBe('أُسندت إليك تذكرة: Leak in <b>lobby</b>');
    const html = String(mail!.parsed.html);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('Leak in &lt;b&gt;lobby&lt;/b&gt;');
    expect(html).not.toContain('<b>lobby</b>');
    expect(html).toContain(`href="${APP_URL}/tickets/${ticketId}"`);
    expect(mail!.parsed.text).toContain(`${APP_URL}/tickets/${ticketId}`);
    expect(mail!.raw).toMatch(new RegExp(`^List-Unsubscribe: <${APP_URL}/profile#notifications>`, 'm'));
    expect(mail!.parsed.from?.text).toContain('ops@example.com');

    const bell = await member.request({ method: 'GET', url: '/api/v1/notifications' });
    expect(bell.statusCode).toBe(200);
    expect(bell.json()).toMatchObject({ unread: 1, hasMore: false, items: [{ kind: 'ticketAssigned', link: `/tickets/${ticketId}`, readAt: null }] });
    // The one who assigned it is not told of their own act.
    expect((await owner.request({ method: 'GET', url: '/api/v1/notifications' })).json()).toMatchObject({ unread: 0, items: [] });

    const id = bell.json().items[0].id as number;
    expect((await member.request({ method: 'POST', url: `/api/v1/notifications/${id}/read` })).statusCode).toBe(204);
    expect((await member.request({ method: 'GET', url: '/api/v1/notifications/unread-count' })).json()).toEqual({ unread: 0 });
  });

  it('keeps a title with line breaks out of the headers', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'Door\r\nBcc: thief@evil.test', description: 'x', agentId: member.userId },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([`${member.username}@example.com`]);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    expect(mail!.parsed.bcc).toBeUndefined();
    expect(mail!.parsed.subject).not.toMatch(/[\r\n]/);
  });

  it('sends nothing when the change is refused and rolled back', async () => {
    const [eventsBefore, jobsBefore] = [await t.app.db.$count(events), await jobsCount()];
    const res = await owner.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'Nope', description: 'x', agentId: member.userId, categoryId: 999999 },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.app.db.$count(events)).toBe(eventsBefore);
    expect(await jobsCount()).toBe(jobsBefore);
  });
});

describe('no storms', () => {
  it('tells each supervisor of 200 flagged answers in one digest', async () => {
    // A digest waits this long after the first event for more (a minute in production).
    digestSeconds['answer.flagged'] = 8;
    const { site } = await createProjectAndSite(t.app, owner, 'North Gate');
    const supervisor = await addSupervisor(t.app, owner, [site.id]);
    userIdToName.set(supervisor.userId, supervisor.username);
    for (let i = 0; i < 200; i++) {
      await t.app.db.transaction((tx) =>
        recordEvent(tx, { businessId: owner.business.id, kind: 'answer.flagged', actorId: member.userId, data: { teamId: site.id, scheduleId: i + 1 } }),
      );
    }
    await smtp.waitFor(2);
    await queueSettled(t.app.db);
    expect(ofUser(supervisor.userId)).toHaveLength(1);
    expect(ofUser(owner.userId)).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
    expect(ofUser(supervisor.userId)[0]!.parsed.subject).toBe('200 flagged answers');
    const bell = (await supervisor.request({ method: 'GET', url: '/api/v1/notifications' })).json();
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0]).toMatchObject({ kind: 'answersFlagged', params: { count: 200, siteName: 'North Gate' } });
    digestSeconds['answer.flagged'] = 1;
  }, 30_000);
});

describe('an SMTP server that goes away', () => {
  it('gets every message once it is back, and nothing is dead-lettered', async () => {
    await smtp.stop();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await owner.request({
        method: 'POST',
        url: '/services/helpdesk/api/v1/tickets',
        payload: { title: `Outage ${i}`, description: 'x', agentId: member.userId },
      });
      ids.push(res.json().id);
    }
    try {
      // Every message made and tried at least once while the server is away.
      let waiting: (typeof mailMessages.$inferSelect)[] = [];
      for (let i = 0; i < 40; i++) {
        await settle(500);
        waiting = await t.app.db
          .select()
          .from(mailMessages)
          .where(sql`${mailMessages.subject} like '%Outage%'`);
        if (waiting.length === 5 && waiting.every((m) => m.attempts >= 1)) break;
      }
      expect(smtp.received).toHaveLength(0);
      expect(waiting.map((m) => m.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
      expect(waiting.every((m) => m.attempts >= 1 && m.lastError)).toBe(true);
    } finally {
      await smtp.start();
    }
    await smtp.waitFor(5, 60_000);
    await queueSettled(t.app.db);
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `أُسندت إليك تذكرة: Outage ${i}`));
    expect((await owner.request({ method: 'GET', url: '/api/v1/jobs/failed' })).json()).toEqual([]);
  }, 90_000);
});

describe('a job that uses up its tries', () => {
  it('is shown to the administrators with why, and runs again when they retry it', async () => {
    await smtp.stop();
    const limit = retrySettings.limit;
    retrySettings.limit = 1;
    try {
      await owner.request({
        method: 'POST',
        url: '/services/helpdesk/api/v1/tickets',
        payload: { title: 'Dead letter', description: 'x', agentId: member.userId },
      });
      let failed: { id: string; name: string; error: string; attempts: number }[] = [];
      for (let i = 0; i < 40 && failed.length === 0; i++) {
        await settle(500);
        failed = (await owner.request({ method: 'GET', url: '/api/v1/jobs/failed' })).json();
      }
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ name: 'mail.send', attempts: 2 });
      expect(failed[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      // Not another business's to see or retry.
      const stranger = await createBusinessWithOwner(t.app);
      expect((await stranger.request({ method: 'GET', url: '/api/v1/jobs/failed' })).json()).toEqual([]);
      expect((await stranger.request({ method: 'POST', url: `/api/v1/jobs/${failed[0]!.id}/retry` })).statusCode).toBe(404);
      // Nor a member's.
      expect((await member.request({ method: 'GET', url: '/api/v1/jobs/failed' })).statusCode).toBe(403);

      await smtp.start();
      expect((await owner.request({ method: 'POST', url: `/api/v1/jobs/${failed[0]!.id}/retry` })).statusCode).toBe(204);
      const [mail] = await smtp.waitFor(1, 30_000);
      expect(mail!.parsed.subject).toContain('Dead letter');
      expect((await owner.request({ method: 'GET', url: '/api/v1/jobs/failed' })).json()).toEqual([]);
    } finally {
      retrySettings.limit = limit;
      await smtp.start().catch(() => {});
    }
  }, 60_000);
});

describe('the bell of another person or business', () => {
  it('is never seen, read or counted', async () => {
    const [entry] = await t.app.db.select().from(notifications).where(eq(notifications.userId, member.userId)).limit(1);
    expect(entry).toBeTruthy();
    const stranger = await createBusinessWithOwner(t.app);
    expect((await stranger.request({ method: 'POST', url: `/api/v1/notifications/${entry!.id}/read` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'POST', url: `/api/v1/notifications/${entry!.id}/read` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: '/api/v1/notifications' })).json().items).toEqual([]);
    expect((await stranger.request({ method: 'GET', url: '/api/v1/mail/outbox' })).json()).toEqual([]);
    const mails = (await owner.request({ method: 'GET', url: '/api/v1/mail/outbox' })).json() as { id: number }[];
    expect(mails.length).toBeGreaterThan(0);
    expect((await stranger.request({ method: 'GET', url: `/api/v1/mail/outbox/${mails[0]!.id}` })).statusCode).toBe(404);
    expect((await member.request({ method: 'GET', url: '/api/v1/mail/outbox' })).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('turn an event off per channel, and refuse what is not a setting', async () => {
    const current = (await member.request({ method: 'GET', url: '/api/v1/account/notification-settings' })).json();
    expect(current.quietHours).toBeNull();
    expect(current.events.ticketAssigned).toEqual({ inApp: true, email: true, push: true });
    const body = { ...current, events: { ...current.events, ticketAssigned: { inApp: true, email: false, push: false } } };
    const saved = await member.request({ method: 'PUT', url: '/api/v1/account/notification-settings', payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().events.ticketAssigned).toEqual({ inApp: true, email: false, push: false });

    await owner.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'Quiet one', description: 'x', agentId: member.userId },
    });
    await queueSettled(t.app.db);
    expect(ofUser(member.userId)).toHaveLength(0);
    const bell = (await member.request({ method: 'GET', url: '/api/v1/notifications?unread=true' })).json();
    expect(bell.items.some((n: { params: { ticketTitle?: string } }) => n.params.ticketTitle === 'Quiet one')).toBe(true);

    const bad = await member.request({
      method: 'PUT',
      url: '/api/v1/account/notification-settings',
      payload: { ...body, quietHours: { start: '25:00', end: '07:00' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    await member.request({ method: 'PUT', url: '/api/v1/account/notification-settings', payload: current });
  });
});

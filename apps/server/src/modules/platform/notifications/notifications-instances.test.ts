// Two instances on one database both work the queue: a fan-out to 600 people reaches each of them
// once, whichever instance took which job.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { businessMembers, users } from '../../../db/schema.ts';
import { mailMessages } from '../../../db/schema-platform.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';
import { addMember, callerFor, createBusinessWithOwner, PASSWORD, type Caller } from '../../../test/factories.ts';
import { hashPassword } from '../../../lib/password.ts';
import { digestSeconds, recordEvent } from '../events/events.service.ts';

const PEOPLE = 600;
let smtp: SmtpKit;
let t: TestApp;
let second: FastifyInstance;
let owner: Caller;

beforeAll(async () => {
  digestSeconds['answer.flagged'] = 1;
  digestSeconds['schedules.assigned'] = 1;
  smtp = await startSmtp();
  const jobs = { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: 'http://app.test' } };
  t = await createTestApp({ jobs });
  await t.app.ready();
  second = await t.secondInstance({ jobs });
  await second.ready();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('sends each of 600 members one e-mail for a plan given to them all', async () => {
  const passwordHash = await hashPassword(PASSWORD);
  const made = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: PEOPLE }, (_, i) => ({ username: `crew${i}`, email: `crew${i}@example.com`, fullName: `Crew ${i}`, passwordHash, activated: true })),
    )
    .returning({ id: users.id });
  await t.app.db.insert(businessMembers).values(made.map((u) => ({ businessId: owner.business.id, userId: u.id, role: 'MEMBER' as const })));
  await t.app.db.transaction((tx) =>
    recordEvent(tx, {
      businessId: owner.business.id,
      kind: 'schedules.assigned',
      actorId: owner.userId,
      data: { userIds: made.map((u) => u.id), taskName: 'Night round', taskNameAr: 'الجولة الليلية', count: 1 },
    }),
  );
  await smtp.waitFor(PEOPLE, 120_000);
  await new Promise((r) => setTimeout(r, 2000));
  const recipients = smtp.received.map((m) => m.to.join(','));
  expect(recipients).toHaveLength(PEOPLE);
  expect(new Set(recipients).size).toBe(PEOPLE);
  expect(await t.app.db.$count(mailMessages)).toBe(PEOPLE);
  expect(smtp.received[0]!.parsed.subject).toBe('New schedules for you');
}, 180_000);

it("updates a bell's count live, when the change is made on the other instance", async () => {
  const member = await addMember(t.app, owner);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const res = await fetch(`${address}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${member.token}`, 'x-api-key': member.business.apiKey },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  let text = '';
  const until = async (pattern: RegExp) => {
    const deadline = Date.now() + 20_000;
    while (!pattern.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return pattern.test(text);
  };
  expect(await until(/event: unread\ndata: \{"unread":0\}/)).toBe(true);
  // The owner, through the second instance, assigns the member a ticket.
  const onSecond = callerFor(second, { id: owner.userId, username: owner.username }, owner.token, owner.business);
  const created = await onSecond.request({
    method: 'POST',
    url: '/services/helpdesk/api/v1/tickets',
    payload: { title: 'Live one', description: 'x', agentId: member.userId },
  });
  expect(created.statusCode).toBe(201);
  expect(await until(/event: unread\ndata: \{"unread":1\}/)).toBe(true);
  controller.abort();
}, 60_000);

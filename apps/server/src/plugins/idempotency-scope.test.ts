// An Idempotency-Key belongs to one person in one business, and stands for one request: the same
// key sent to another business is a new request there, and a form sent again under the same key
// with other content is refused like a JSON body is.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../db/schema-workflow.ts';
import { actionResults } from '../db/schema-schedules.ts';
import { ticketComments } from '../db/schema-helpdesk.ts';
import { INSIDE, memberAtSite, photo, scheduled, submit } from '../test/answer-test-kit.ts';
import { IMAGES, addBusinessOf, createTicket, multipart, type Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const W = '/services/workflow/api';
const H = '/services/helpdesk/api';
let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;
let keyNumber = 0;
const newKey = () => `scope-${Date.now()}-${++keyNumber}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
});
afterAll(() => t.close());

const tasksOf = async (businessId: number, nameEn: string) =>
  (
    await t.app.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.nameEn, nameEn)))
  )[0].n;

describe('the same Idempotency-Key in two businesses', () => {
  it("creates in the second business instead of replaying the first business's answer", async () => {
    const second = await addBusinessOf(t.app, owner);
    const key = newKey();
    const send = (apiKey: string) =>
      owner.request({
        method: 'POST',
        url: `${W}/v1/tasks`,
        payload: { nameEn: 'Key in two businesses' },
        headers: { 'x-api-key': apiKey, 'idempotency-key': key },
      });

    const inFirst = await send(owner.business.apiKey);
    const inSecond = await send(second.apiKey);
    expect(inFirst.statusCode).toBe(201);
    expect(inSecond.statusCode).toBe(201);
    expect(inSecond.headers['idempotent-replayed']).toBeUndefined();
    expect(inSecond.json<{ id: number }>().id).not.toBe(inFirst.json<{ id: number }>().id);
    expect(await tasksOf(owner.business.id, 'Key in two businesses')).toBe(1);
    expect(await tasksOf(second.id, 'Key in two businesses')).toBe(1);

    // Each business's repeat still gets its own first answer.
    const againInSecond = await send(second.apiKey);
    expect(againInSecond.headers['idempotent-replayed']).toBe('true');
    expect(againInSecond.json()).toEqual(inSecond.json());
    expect(await tasksOf(second.id, 'Key in two businesses')).toBe(1);
  });
});

describe('a form sent again under the same key', () => {
  it('is refused (422) when its text differs, adding no comment', async () => {
    const ticket = await createTicket(t.app, member);
    const key = newKey();
    const send = (text: string) => {
      const form = multipart({ text });
      return member.request({
        method: 'POST',
        url: `${H}/v1/tickets/${ticket.id}/comments`,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    };
    expect((await send('On my way')).statusCode).toBe(201);
    const other = await send('Something else entirely');
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    const same = await send('On my way');
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    const [{ n }] = await t.app.db.select({ n: count() }).from(ticketComments).where(eq(ticketComments.ticketId, ticket.id));
    expect(n).toBe(1);
  });

  it('is refused (422) when its photo differs, storing no second answer or file', async () => {
    const { schedule, actions } = await scheduled({ t, owner, siteId }, member, [{ type: 'PHOTO', required: true }]);
    const fields = { scheduleId: String(schedule.id), actionId: String(actions[0].id), ...INSIDE };
    const key = newKey();
    expect((await submit(member, fields, [photo(IMAGES.png)], { 'idempotency-key': key })).statusCode).toBe(201);
    const files = t.storedFiles().length;
    const other = await submit(member, fields, [{ ...photo(IMAGES.gif), filename: 'photo.png' }], { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(t.storedFiles().length).toBe(files);
    const [{ n }] = await t.app.db.select({ n: count() }).from(actionResults).where(eq(actionResults.scheduleId, schedule.id));
    expect(n).toBe(1);
  });
});

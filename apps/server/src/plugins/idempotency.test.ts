// Exactly-once creates through `Idempotency-Key` (plugins/idempotency.ts): a repeat, in sequence or
// at the same moment, gets the first answer and creates nothing.
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, teamMembers } from '../db/schema.ts';
import { tasks } from '../db/schema-workflow.ts';
import { ticketComments } from '../db/schema-helpdesk.ts';
import { INSIDE, answerCount, memberAtSite, photo, scheduled, submit } from '../test/answer-test-kit.ts';
import { addMember, createProject, createSite, createTicket, multipart, placeInSite, type Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const W = '/services/workflow/api';
const H = '/services/helpdesk/api';
let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;
let keyNumber = 0;
const newKey = () => `intent-${Date.now()}-${++keyNumber}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
});
afterAll(() => t.close());

const tasksNamed = async (nameEn: string) => (await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.nameEn, nameEn)))[0].n;
const createTask = (caller: Caller, nameEn: string, key?: string) =>
  caller.request({
    method: 'POST',
    url: `${W}/v1/tasks`,
    payload: { nameEn },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('Idempotency-Key on a JSON create', () => {
  it('answers a repeat in sequence with the first answer, creating one task', async () => {
    const key = newKey();
    const first = await createTask(owner, 'Night round', key);
    const again = await createTask(owner, 'Night round', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksNamed('Night round')).toBe(1);
  });

  it('creates one task when the repeats arrive at the same moment, and all get the same answer', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, async () => createTask(owner, 'Day round', key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    for (const a of answers) expect(a.json()).toEqual(answers[0].json());
    expect(await tasksNamed('Day round')).toBe(1);
  });

  it('creates twice without a key, and once per key', async () => {
    await createTask(owner, 'Twice', undefined);
    await createTask(owner, 'Twice', undefined);
    await createTask(owner, 'Twice', newKey());
    expect(await tasksNamed('Twice')).toBe(3);
  });

  it("keeps one person's keys apart from another's", async () => {
    const key = newKey();
    const admin = await addMember(t.app, owner, 'ADMIN');
    expect((await createTask(owner, 'Shared key', key)).statusCode).toBe(201);
    const theirs = await createTask(admin, 'Shared key', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksNamed('Shared key')).toBe(2);
  });

  it('refuses the same key for a different request (422), and a malformed key (400), creating nothing', async () => {
    const key = newKey();
    await createTask(owner, 'First use', key);
    const reused = await createTask(owner, 'Second use', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.headers['content-type']).toContain('application/problem+json');
    expect(reused.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await tasksNamed('Second use')).toBe(0);

    for (const bad of ['short', 'x'.repeat(201), 'has space in it', 'ünïcødé-key']) {
      const res = await createTask(owner, 'Bad key', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe('Idempotency-Key');
    }
    expect(await tasksNamed('Bad key')).toBe(0);
  });

  it('replays a refusal too, and lets a retry go ahead past a claim an earlier version left without its answer', async () => {
    const key = newKey();
    const refused = await createTask(owner, '', key);
    expect(refused.statusCode).toBe(400);
    expect((await createTask(owner, '', key)).json()).toEqual(refused.json());

    // A claim stored apart from its change, without an answer: its request died before committing
    // (so its task is not there either).
    const orphan = newKey();
    expect((await createTask(owner, 'After a crash', orphan)).statusCode).toBe(201);
    await t.app.db.delete(tasks).where(eq(tasks.nameEn, 'After a crash'));
    await t.app.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, contentType: null })
      .where(like(idempotencyKeys.key, `%:${orphan}`));
    const retried = await createTask(owner, 'After a crash', orphan);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksNamed('After a crash')).toBe(1);
  });
});

describe('Idempotency-Key on forms and moves', () => {
  it('stores one answer and one photo for a repeated submission, in sequence and at once', async () => {
    const { schedule, actions } = await scheduled({ t, owner, siteId }, member, [{ type: 'PHOTO', required: true }]);
    const fields = { scheduleId: String(schedule.id), actionId: String(actions[0].id), ...INSIDE };
    const filesBefore = t.storedFiles().length;
    const send = (key: string) => submit(member, fields, [photo()], { 'idempotency-key': key });

    const key = newKey();
    const first = await send(key);
    const again = await send(key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().result.id).toBe(first.json().result.id);
    expect(await answerCount(t.app.db, schedule.id)).toBe(1);

    const together = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, async () => send(together)));
    expect(new Set(answers.map((a) => a.json().result.id)).size).toBe(1);
    expect(await answerCount(t.app.db, schedule.id)).toBe(2);
    expect(t.storedFiles().length - filesBefore).toBe(2);
  });

  it('adds one comment for a double-clicked Add comment', async () => {
    const ticket = await createTicket(t.app, member);
    const key = newKey();
    const send = () => member.request({ method: 'POST', url: `${H}/v1/tickets/${ticket.id}/comments`, ...withKey(multipart({ text: 'On my way' }), key) });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const [{ n }] = await t.app.db.select({ n: count() }).from(ticketComments).where(eq(ticketComments.ticketId, ticket.id));
    expect(n).toBe(1);
  });

  it('moves a member once, answering the repeat with the same success', async () => {
    const project = await createProject(t.app, owner);
    const from = (await createSite(t.app, owner, project.id)).id;
    const to = (await createSite(t.app, owner, project.id)).id;
    const moving = await addMember(t.app, owner);
    await placeInSite(t.app, owner, from, moving.userId);
    const key = newKey();
    const send = () =>
      owner.request({
        method: 'POST',
        url: `/api/v1/teams/${from}/users/${moving.userId}/transfer`,
        payload: { executionPlanIds: [], toTeamId: to },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBeLessThan(300);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const placements = await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, moving.userId));
    expect(placements.map((p) => p.teamId)).toEqual([to]);
  });
});

function withKey(form: ReturnType<typeof multipart>, key: string) {
  return { payload: form.payload, headers: { ...form.headers, 'idempotency-key': key } };
}

describe('the Idempotency-Key header in the OpenAPI document', () => {
  it('is described on the calls that change something, and only there', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const headerNames = (path: string, method: string) => (doc.paths[path][method].parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headerNames(`${W}/v1/tasks`, 'post')).toContain('Idempotency-Key');
    expect(headerNames(`${W}/v1/tasks`, 'get')).not.toContain('Idempotency-Key');
  });
});

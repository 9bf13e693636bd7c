import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, projects, teams, users } from '../db/schema.ts';
import { actions, actionTags, tags, tasks } from '../db/schema-workflow.ts';
import { ticketAttachments, ticketComments, ticketHistory, tickets } from '../db/schema-helpdesk.ts';
import { sniffImage } from '../lib/uploads.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_TASK_COUNT } from './demo-tasks.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo business', () => {
  it('creates a business to explore, signs in as demo, and never runs twice', async () => {
    expect(await seedDemo(t.app.db, t.app.storage)).toBe(true);
    expect(await seedDemo(t.app.db, t.app.storage)).toBe(false);
    const n = async (table: typeof projects | typeof teams | typeof tasks | typeof users) => (await t.app.db.select({ n: count() }).from(table))[0].n;
    expect(await n(projects)).toBe(3);
    expect(await n(teams)).toBe(5);
    expect(await n(tasks)).toBe(DEMO_TASK_COUNT);
    // The demo tasks are real checklists: actions with chain rules, and tags on tasks and actions.
    const taskRows = await t.app.db.select().from(tasks);
    expect(taskRows.filter((row) => row.tagId !== null)).toHaveLength(DEMO_TASK_COUNT);
    const actionRows = await t.app.db.select().from(actions);
    for (const task of taskRows) expect(actionRows.filter((a) => a.taskId === task.id && a.baseActionId !== null).length).toBeGreaterThan(0);
    expect((await t.app.db.select().from(tags)).map((tag) => tag.nameEn)).toEqual(['Safety', 'Hygiene', 'Equipment']);
    expect((await t.app.db.select({ n: count() }).from(actionTags))[0].n).toBeGreaterThan(0);
    const waiting = await t.app.db.select().from(users).where(eq(users.activated, false));
    expect(waiting).toHaveLength(1);

    const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${res.json().id_token}` } });
    expect(account.json().businessIdentities[0]).toMatchObject({ businessName: 'Noor Facility Services', role: 'OWNER' });
    const members = await t.app.db.select().from(businessMembers);
    expect(members.length).toBe(7);
  });

  it('has tickets in every status, with history that ends in that status, comments and real photos', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json().id_token}` };
    const counts = (await t.app.inject({ method: 'GET', url: '/services/helpdesk/api/v1/tickets/counts', headers })).json();
    for (const status of ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED']) expect(counts[status], status).toBeGreaterThan(0);

    const ticketRows = await t.app.db.select().from(tickets);
    expect(ticketRows.length).toBeGreaterThanOrEqual(8);
    const history = await t.app.db.select().from(ticketHistory).orderBy(ticketHistory.createdDate);
    for (const ticket of ticketRows) {
      const own = history.filter((h) => h.ticketId === ticket.id);
      expect(own[0]).toMatchObject({ field: 'CREATED', newValue: 'NEW' });
      const moves = own.filter((h) => h.field === 'STATUS');
      expect(moves.at(-1)?.newValue ?? 'NEW', ticket.title).toBe(ticket.status);
      for (const move of moves) expect(move.reason).toBeTruthy();
      expect(ticket.updatedDate.getTime()).toBe(own.at(-1)!.createdDate.getTime());
    }
    expect((await t.app.db.select({ n: count() }).from(ticketComments))[0].n).toBeGreaterThan(0);

    const photos = await t.app.db.select().from(ticketAttachments);
    expect(photos.length).toBeGreaterThanOrEqual(2);
    for (const photo of photos) {
      const data = await t.app.storage.read(photo.fileKey);
      expect(data && sniffImage(data)).toEqual({ extension: 'png', mime: 'image/png' });
      expect(data!.length).toBe(photo.size);
    }
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { actionResults } from '../../../db/schema-schedules.ts';
import { ticketAttachments, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IMAGES, createAnswerRow, createAction, createScheduleRow, createTask, multipart, type Caller } from '../../../test/factories.ts';
import { answersWorld } from '../../../test/answer-test-kit.ts';

const API = '/services/workflow/api/v1';
const HELPDESK = '/services/helpdesk/api/v1';
const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let siteA: number;

type Action = Awaited<ReturnType<typeof createAction>>;
type Schedule = Awaited<ReturnType<typeof createScheduleRow>>;

/** An answer row as the submit call would have stored it. */
const answer = (schedule: Schedule, action: Action, values: Parameters<typeof createAnswerRow>[3] = {}) =>
  createAnswerRow(t.app.db, schedule, action.id, values);

async function scheduleFor(who: Caller, teamId: number, taskId: number, business = owner) {
  return createScheduleRow(t.app.db, { businessId: business.business.id, taskId, teamId, userId: who.userId });
}

let task: Awaited<ReturnType<typeof createTask>>;
let yesNo: Action;
let text: Action;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteA, member, supervisor, other, task, yesNo } = await answersWorld(t));
  text = await createAction(t.app, owner, task.id, { type: 'TEXT', nameEn: 'Remarks' });
});
afterAll(() => t.close());

describe('POST /v1/action-results/{id}/ticket', () => {
  /** The member answers through the API with a photo and a recording, flagged. */
  async function submitted(notes = 'Lock is broken') {
    const schedule = await scheduleFor(member, siteA, task.id);
    const res = await member.request({
      method: 'POST',
      url: `${API}/action-results`,
      ...multipart({ scheduleId: String(schedule.id), actionId: String(yesNo.id), value: '"NO"', notes, important: 'true' }, [
        { field: 'file', filename: 'lock.png', type: 'image/png', data: IMAGES.png },
        { field: 'voice', filename: 'note.webm', type: 'audio/webm', data: WEBM },
      ]),
    });
    expect(res.statusCode).toBe(201);
    return res.json().result as { id: number; voice: string; file: string };
  }
  const fire = (caller: Caller, id: number, payload?: object) =>
    caller.request({ method: 'POST', url: `${API}/action-results/${id}/ticket`, ...(payload ? { payload } : {}) });

  it('raises a ticket with the context and the photo attached, then refuses a second one', async () => {
    const result = await submitted();
    const res = await fire(owner, result.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: result.id, statusCode: '2', ticketId: expect.any(Number), isFlagged: true });

    const ticket = await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${body.ticketId}` });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({ title: 'Morning round — Gate locked?', teamId: siteA, priority: 'MEDIUM', status: 'NEW', attachmentsCount: 1 });
    const description: string = ticket.json().description;
    for (const part of [
      'Member: Person',
      'Site: North Gate',
      'Answer: No',
      'Notes: Lock is broken',
      `Voice note: ${result.voice}`,
      'Location: not recorded.',
    ]) {
      expect(description).toContain(part);
    }
    const attachments = await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${body.ticketId}/attachments` });
    expect(attachments.json()).toHaveLength(1);
    const attached = attachments.json()[0];
    expect(attached).toMatchObject({ contentType: 'image/png', size: IMAGES.png.length });
    expect(attached.url).not.toBe(result.file);
    const served = await t.app.inject({ method: 'GET', url: attached.url });
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);

    const again = await fire(owner, result.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.answerHasTicket);
    expect((await t.app.db.select({ n: count() }).from(tickets).where(eq(tickets.businessId, owner.business.id)))[0].n).toBe(1);
  });

  it('takes a title, description and priority, and lets the site supervisor fire', async () => {
    const result = await submitted('Second');
    const res = await fire(supervisor, result.id, { title: 'Fix the lock', description: 'Please today', priority: 'URGENT' });
    expect(res.statusCode).toBe(201);
    const ticket = await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${res.json().ticketId}` });
    expect(ticket.json()).toMatchObject({ title: 'Fix the lock', priority: 'URGENT', creatorId: supervisor.userId });
    expect(ticket.json().description).toMatch(/^Please today\n\nTask: Morning round/);
  });

  it('refuses members (403), other businesses and bad categories (404), leaving nothing behind', async () => {
    const result = await submitted('Third');
    const ticketsBefore = (await t.app.db.select({ n: count() }).from(tickets))[0].n;
    const attachmentsBefore = (await t.app.db.select({ n: count() }).from(ticketAttachments))[0].n;
    const filesBefore = t.storedFiles();
    expect((await fire(member, result.id)).statusCode).toBe(403);
    expect((await fire(other, result.id)).statusCode).toBe(404);
    const badCategory = await fire(owner, result.id, { categoryId: 999_999 });
    expect(badCategory.statusCode).toBe(404);
    expect(badCategory.json().fieldErrors).toEqual([{ field: 'categoryId', message: MSG.categoryNotFound }]);
    expect((await fire(owner, result.id, { priority: 'SOON' })).statusCode).toBe(400);
    expect((await t.app.db.select({ n: count() }).from(tickets))[0].n).toBe(ticketsBefore);
    expect((await t.app.db.select({ n: count() }).from(ticketAttachments))[0].n).toBe(attachmentsBefore);
    expect(t.storedFiles()).toEqual(filesBefore);
    const [row] = await t.app.db.select().from(actionResults).where(eq(actionResults.id, result.id));
    expect(row).toMatchObject({ statusCode: null, ticketId: null });
  });

  it('writes the ticket in the language of the person raising it, with both names of the task and the action', async () => {
    const bilingual = await createTask(t.app, owner, { nameEn: 'Night round', nameAr: 'الجولة الليلية' });
    const lights = await createAction(t.app, owner, bilingual.id, { type: 'YES_NO', nameEn: 'Lights on?', nameAr: 'هل الإنارة تعمل؟' });
    const read = async (headers: Record<string, string>) => {
      const row = await answer(await scheduleFor(member, siteA, bilingual.id), lights, { value: 'NO' });
      const res = await owner.request({ method: 'POST', url: `${API}/action-results/${row.id}/ticket`, headers });
      expect(res.statusCode, res.body).toBe(201);
      return (await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${res.json().ticketId}` })).json<{ title: string; description: string }>();
    };
    const arabic = await read({ 'accept-language': 'ar' });
    expect(arabic.title).toBe('الجولة الليلية — هل الإنارة تعمل؟');
    for (const line of ['المهمة: الجولة الليلية (Night round)', 'الإجراء: هل الإنارة تعمل؟ (Lights on?)', 'الإجابة: لا', 'الموقع: North Gate']) {
      expect(arabic.description).toContain(line);
    }
    expect(arabic.description).not.toMatch(/Task:|Answer:/);
    const english = await read({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.title).toBe('Night round — Lights on?');
    for (const line of ['Task: Night round (الجولة الليلية)', 'Action: Lights on? (هل الإنارة تعمل؟)', 'Answer: No']) {
      expect(english.description).toContain(line);
    }
  });

  it('raises a ticket from an answer without files', async () => {
    const result = await answer(await scheduleFor(member, siteA, task.id), text, { value: 'Gate rusty', isFlagged: true });
    const res = await fire(owner, result.id);
    expect(res.statusCode).toBe(201);
    const ticket = await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${res.json().ticketId}` });
    expect(ticket.json()).toMatchObject({ title: 'Morning round — Remarks', attachmentsCount: 0 });
    expect(ticket.json().description).toContain('Answer: Gate rusty');
  });
});

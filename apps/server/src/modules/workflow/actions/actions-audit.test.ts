// Changes to a task's actions and sections in the audit log: each is a change of the task
// (`task.updated`, the task as target) naming the action or section and how it changed, with a
// small summary before and after (names, the fields that changed, positions), who made it and from
// where. A change that changes nothing, or is refused, records nothing; copies of tasks and tasks
// made from templates are recorded as created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogPage } from '@fieldops/shared/audit-log';
import type { Action, ActionCriteria, Section } from '@fieldops/shared/tasks';
import { tags } from '../../../db/schema-workflow.ts';
import { createCast } from '../../../test/cast.ts';
import { IMAGES, createAction, createTask, multipart, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { moves } from './actions-audit.ts';

const W = '/services/workflow/api';
const AGENT = 'TaskBuilder/2.0';

let t: TestApp;
let owner: Caller;
let supervisor: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, supervisor, other } = await createCast(t.app, { supervisor: true, other: true }));
});
afterAll(() => t.close());

const send = (caller: Caller, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  caller.request({ method, url: `${W}${url}`, headers: { 'user-agent': AGENT }, ...(payload ? { payload } : {}) });

/** The task's `task.updated` entries, newest first, as the owner reads them. */
async function changesOf(taskId: number, caller = owner): Promise<AuditEntry[]> {
  const res = await caller.request({ method: 'GET', url: `/api/v1/audit-log?kind=task.updated&targetId=${taskId}&size=200` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>().items;
}
const partOf = (entry: AuditEntry | undefined) => entry?.data.part;

/** A task "Night round" with the yes/no actions Gate, Lights and Alarm. */
async function nightRound() {
  const task = await createTask(t.app, owner, { nameEn: 'Night round', nameAr: 'جولة ليلية' });
  const gate = await createAction(t.app, owner, task.id, { nameEn: 'Gate', nameAr: 'البوابة' });
  const lights = await createAction(t.app, owner, task.id, { nameEn: 'Lights', nameAr: 'الأضواء' });
  const alarm = await createAction(t.app, owner, task.id, { nameEn: 'Alarm', nameAr: 'الإنذار' });
  return { task, gate, lights, alarm };
}

const update = (action: { nameEn: string | null; nameAr: string | null }, changes: object = {}) => ({
  nameEn: action.nameEn,
  nameAr: action.nameAr,
  type: 'YES_NO',
  options: [],
  required: true,
  ...changes,
});

describe("a task's actions in the audit log", () => {
  it('an added action: the task as target, the action by name, what it is and where, who and from where', async () => {
    const { task } = await nightRound();
    const res = await send(supervisor, 'POST', '/v1/actions', { taskId: task.id, nameEn: 'Back door', nameAr: 'الباب الخلفي', type: 'TEXT' });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await changesOf(task.id);
    expect(entry).toMatchObject({
      kind: 'task.updated',
      actor: { id: supervisor.userId },
      target: { type: 'task', id: task.id, name: 'Night round' },
      data: { part: { type: 'action', id: res.json<Action>().id, name: 'Back door', change: 'added' } },
      before: null,
      after: { nameEn: 'Back door', nameAr: 'الباب الخلفي', type: 'TEXT', required: true, position: 4 },
      client: AGENT,
    });
    expect(entry?.ip).toBeTruthy();
  });

  it('a changed action: only the fields that changed, options by their labels; a change of nothing records nothing', async () => {
    const { task, lights } = await nightRound();
    const choice = update(lights, {
      nameEn: 'Lights off',
      type: 'SINGLE_CHOICE',
      options: [
        { labelEn: 'All', labelAr: 'كلها' },
        { labelEn: 'Some', labelAr: 'بعضها' },
      ],
    });
    expect((await send(owner, 'PUT', `/v1/actions/${lights.id}`, choice)).statusCode).toBe(200);
    const [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: lights.id, name: 'Lights', change: 'changed' });
    expect(entry?.before).toEqual({ nameEn: 'Lights', type: 'YES_NO', options: '', required: false });
    expect(entry?.after).toEqual({ nameEn: 'Lights off', type: 'SINGLE_CHOICE', options: 'All / كلها, Some / بعضها', required: true });

    expect((await send(owner, 'PUT', `/v1/actions/${lights.id}`, choice)).statusCode).toBe(200);
    expect(await changesOf(task.id)).toHaveLength(1);
  });

  it('a deleted action, by name and where it was; a refused delete records nothing', async () => {
    const { task, gate, lights } = await nightRound();
    const rule: ActionCriteria = { condition: { baseActionId: gate.id, answer: 'NO' }, visibility: 'DISPLAY' };
    expect((await send(owner, 'PUT', `/v1/actions/${lights.id}/criteria`, { criteria: rule })).statusCode).toBe(200);
    const before = (await changesOf(task.id)).length;
    expect((await send(owner, 'DELETE', `/v1/actions/${gate.id}`)).statusCode).toBe(409);
    expect(await changesOf(task.id)).toHaveLength(before);

    expect((await send(owner, 'DELETE', `/v1/actions/${lights.id}`)).statusCode).toBe(204);
    const [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: lights.id, name: 'Lights', change: 'removed' });
    expect(entry?.before).toEqual({ nameEn: 'Lights', nameAr: 'الأضواء', type: 'YES_NO', position: 2 });
    expect(entry?.after).toBeNull();
  });

  it('the CSV export names the part of each entry', async () => {
    const { task, gate } = await nightRound();
    expect((await send(owner, 'PUT', `/v1/actions/${gate.id}`, update(gate, { nameEn: 'Front gate' }))).statusCode).toBe(200);
    const csv = (await owner.request({ method: 'GET', url: `/api/v1/audit-log/export?kind=task.updated&targetId=${task.id}` })).body;
    const [header, row] = csv.split('\r\n');
    expect(header).toContain(',target_name,part,before,after,');
    // jsonb keeps an object's keys in its own order: each is looked for alone.
    for (const cell of [
      '"Night round"',
      '""type"":""action""',
      `""id"":${gate.id}`,
      '""name"":""Gate""',
      '""change"":""changed""',
      '""nameEn"":""Front gate""',
    ]) {
      expect(row).toContain(cell);
    }
  });

  it('a duplicated action: the copy, by name and where it went', async () => {
    const { task, gate } = await nightRound();
    const res = await send(owner, 'POST', `/v1/actions/${gate.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: res.json<Action>().id, name: 'Gate', change: 'copied' });
    expect(entry?.after).toMatchObject({ nameEn: 'Gate', position: 2 });
  });

  it('a reorder names the action that moved, not every action it passed; the same order again records nothing', async () => {
    const { task, gate, lights, alarm } = await nightRound();
    const order = (ids: number[]) => send(owner, 'POST', '/v1/actions/order', { taskId: task.id, actionIds: ids });
    expect((await order([alarm.id, gate.id, lights.id])).statusCode).toBe(200);
    const [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: null, name: null, change: 'moved' });
    expect(entry?.before).toEqual({ Alarm: 3 });
    expect(entry?.after).toEqual({ Alarm: 1 });

    expect((await order([alarm.id, gate.id, lights.id])).statusCode).toBe(200);
    expect(await changesOf(task.id)).toHaveLength(1);
  });

  it("a chain rule set, changed and removed: the base action's name, the answer (an option by its label) and what it does", async () => {
    const { task, gate, alarm } = await nightRound();
    const choice = await createAction(t.app, owner, task.id, {
      nameEn: 'Weather',
      type: 'SINGLE_CHOICE',
      options: [
        { labelEn: 'Dry', labelAr: 'جاف' },
        { labelEn: 'Rain', labelAr: 'مطر' },
      ],
    });
    const last = await createAction(t.app, owner, task.id, { nameEn: 'Umbrella stand', type: 'TEXT' });
    const setRule = (criteria: ActionCriteria | null) => send(owner, 'PUT', `/v1/actions/${last.id}/criteria`, { criteria });

    expect((await setRule({ condition: { baseActionId: gate.id, answer: 'YES' }, visibility: 'DIM' })).statusCode).toBe(200);
    let [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: last.id, name: 'Umbrella stand', change: 'rule_set' });
    expect(entry?.before).toBeNull();
    expect(entry?.after).toEqual({ baseAction: 'Gate', answer: 'YES', visibility: 'DIM' });

    expect((await setRule({ condition: { baseActionId: choice.id, answer: '1' }, visibility: 'DISPLAY' })).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect(entry?.before).toEqual({ baseAction: 'Gate', answer: 'YES', visibility: 'DIM' });
    expect(entry?.after).toEqual({ baseAction: 'Weather', answer: 'Rain / مطر', visibility: 'DISPLAY' });

    expect((await setRule(null)).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toMatchObject({ change: 'rule_removed', name: 'Umbrella stand' });
    expect(entry?.before).toEqual({ baseAction: 'Weather', answer: 'Rain / مطر', visibility: 'DISPLAY' });
    expect(entry?.after).toBeNull();

    const count = (await changesOf(task.id)).length;
    expect((await setRule(null)).statusCode).toBe(200);
    expect(
      (
        await send(owner, 'PUT', `/v1/actions/${alarm.id}/criteria`, {
          criteria: { condition: { baseActionId: last.id, answer: 'YES' }, visibility: 'DISPLAY' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await changesOf(task.id)).toHaveLength(count);
  });

  it("an action's tags, by name, before and after; tags it already has record nothing", async () => {
    const { task, gate } = await nightRound();
    const [safety] = await t.app.db.insert(tags).values({ businessId: owner.business.id, nameEn: 'Safety', nameAr: 'السلامة' }).returning();
    const body = { actionId: gate.id, tagIds: [safety!.id] };
    expect((await send(owner, 'POST', '/v1/actions/assign/tags', body)).statusCode).toBe(200);
    let [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: gate.id, name: 'Gate', change: 'tags_changed' });
    expect([entry?.before, entry?.after]).toEqual([{ tags: '' }, { tags: 'Safety' }]);
    expect((await send(owner, 'POST', '/v1/actions/assign/tags', body)).statusCode).toBe(200);
    expect(await changesOf(task.id)).toHaveLength(1);
    expect((await send(owner, 'DELETE', '/v1/actions/remove/tags', body)).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect([entry?.before, entry?.after]).toEqual([{ tags: 'Safety' }, { tags: '' }]);
  });

  it("an instruction's picture set (by the chosen file's name) and removed", async () => {
    const task = await createTask(t.app, owner, { nameEn: 'Kitchen' });
    const wash = await createAction(t.app, owner, task.id, { nameEn: 'Wash hands', type: 'INSTRUCTION', required: false });
    const put = await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${wash.id}/image`,
      ...multipart({}, [{ field: 'file', filename: 'sink\u0000.png', type: 'image/png', data: IMAGES.png }]),
    });
    expect(put.statusCode, put.body).toBe(200);
    let [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'action', id: wash.id, name: 'Wash hands', change: 'picture_set' });
    expect(entry?.after).toEqual({ picture: 'sink.png' });
    expect((await send(owner, 'DELETE', `/v1/actions/${wash.id}/image`)).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toMatchObject({ change: 'picture_removed' });
    // Nothing to remove is no change.
    expect((await send(owner, 'DELETE', `/v1/actions/${wash.id}/image`)).statusCode).toBe(200);
    expect(await changesOf(task.id)).toHaveLength(2);
  });
});

describe("a task's sections in the audit log", () => {
  it('added, renamed, given a rule, moved in the layout and deleted', async () => {
    const { task, gate, lights, alarm } = await nightRound();
    const made = await send(owner, 'POST', '/v1/sections', { taskId: task.id, nameEn: 'Outside', nameAr: 'الخارج' });
    expect(made.statusCode).toBe(201);
    const outside = made.json<Section>();
    let [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'section', id: outside.id, name: 'Outside', change: 'added' });
    expect(entry?.after).toEqual({ nameEn: 'Outside', nameAr: 'الخارج', position: 1 });

    expect((await send(owner, 'PUT', `/v1/sections/${outside.id}`, { nameEn: 'Yard', nameAr: 'الخارج' })).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toMatchObject({ type: 'section', name: 'Outside', change: 'changed' });
    expect([entry?.before, entry?.after]).toEqual([{ nameEn: 'Outside' }, { nameEn: 'Yard' }]);

    const layout = await send(owner, 'PUT', `/v1/tasks/${task.id}/layout`, {
      groups: [
        { sectionId: null, actionIds: [gate.id, lights.id] },
        { sectionId: outside.id, actionIds: [alarm.id] },
      ],
    });
    expect(layout.statusCode, layout.body).toBe(200);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'section', id: null, name: null, change: 'moved' });
    expect([entry?.before, entry?.after]).toEqual([{ Alarm: '3 · —' }, { Alarm: '3 · Yard' }]);

    const rule = { condition: { baseActionId: gate.id, answer: 'NO' }, visibility: 'HIDDEN' };
    expect((await send(owner, 'PUT', `/v1/sections/${outside.id}/criteria`, { criteria: rule })).statusCode).toBe(200);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toMatchObject({ type: 'section', name: 'Yard', change: 'rule_set' });
    expect(entry?.after).toEqual({ baseAction: 'Gate', answer: 'NO', visibility: 'HIDDEN' });

    expect((await send(owner, 'DELETE', `/v1/sections/${outside.id}`)).statusCode).toBe(204);
    [entry] = await changesOf(task.id);
    expect(partOf(entry)).toEqual({ type: 'section', id: outside.id, name: 'Yard', change: 'removed' });
    expect(entry?.before).toEqual({ nameEn: 'Yard', nameAr: 'الخارج', position: 1 });
  });
});

describe('copies of tasks and tasks from templates', () => {
  it('are recorded as created, with what they were made from', async () => {
    const { task } = await nightRound();
    const copy = await send(owner, 'POST', `/v1/tasks/${task.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const created = async (id: number) => {
      const res = await owner.request({ method: 'GET', url: `/api/v1/audit-log?kind=task.created&targetId=${id}` });
      return res.json<AuditLogPage>().items[0];
    };
    expect(await created(copy.json<{ id: number }>().id)).toMatchObject({
      target: { type: 'task', name: 'Night round (copy)' },
      after: { nameEn: 'Night round (copy)', nameAr: 'جولة ليلية (نسخة)', copyOf: 'Night round' },
    });

    const template = await send(owner, 'POST', `/v1/tasks/${task.id}/template`);
    expect(template.statusCode, template.body).toBe(201);
    const fromTemplate = await send(owner, 'POST', `/v1/tasks/templates/${template.json<{ id: number }>().id}/tasks`);
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    expect(await created(fromTemplate.json<{ id: number }>().id)).toMatchObject({ after: { nameEn: 'Night round', template: 'Night round' } });
  });
});

describe('who reads them', () => {
  it("another business's log holds none of them, and its people change nothing here", async () => {
    const { task, gate } = await nightRound();
    expect((await send(other, 'PUT', `/v1/actions/${gate.id}`, update(gate, { nameEn: 'Hijacked' }))).statusCode).toBe(404);
    expect(await changesOf(task.id)).toHaveLength(0);
    expect((await send(owner, 'PUT', `/v1/actions/${gate.id}`, update(gate, { nameEn: 'Front gate' }))).statusCode).toBe(200);
    expect(await changesOf(task.id, other)).toHaveLength(0);
  });
});

describe('what a move names', () => {
  const places = (names: string[]) => names.map((name, i) => ({ id: name.charCodeAt(0), nameEn: name, nameAr: null, where: i + 1 }));

  it('the one action carried from the end to the front, not the ones it passed', () => {
    expect(moves(places(['A', 'B', 'C', 'D', 'E']), places(['E', 'A', 'B', 'C', 'D']))).toEqual({ before: { E: 5 }, after: { E: 1 } });
  });

  it('names repeated take their ids; past twenty moves the rest are counted', () => {
    const twins = [
      { id: 1, nameEn: 'Check', nameAr: null, where: 1 },
      { id: 2, nameEn: 'Check', nameAr: null, where: 2 },
      { id: 3, nameEn: 'Check', nameAr: null, where: 3 },
    ];
    const swapped = [twins[2]!, twins[1]!, twins[0]!].map((p, i) => ({ ...p, where: i + 1 }));
    expect(Object.keys(moves(twins, swapped)?.after ?? {})).toEqual(['Check #3', 'Check #2']);
    const many = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, nameEn: `Step ${i + 1}`, nameAr: null, where: i + 1 }));
    const reversed = [...many].reverse().map((p, i) => ({ ...p, where: i + 1 }));
    const moved = moves(many, reversed);
    expect(Object.keys(moved?.before ?? {})).toHaveLength(20);
    expect(moved?.after.others).toBe(9);
    expect(moves(many, many)).toBeNull();
  });
});

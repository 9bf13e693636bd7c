// Sections of a task through the API: made, renamed, given a rule, filled by moving actions, their
// layout kept whole and every rule pointing back, deleted without losing an action, and carried by a
// duplicate and a template with the scores and rules of the actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, ActionCriteria, Section } from '@fieldops/shared/tasks';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;

const rule = (baseActionId: number, answer: string, visibility: ActionCriteria['visibility'] = 'DISPLAY'): ActionCriteria => ({
  condition: { baseActionId, answer },
  visibility,
});

async function newSection(taskId: number, nameEn: string, caller = owner): Promise<Section> {
  const res = await caller.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId, nameEn, nameAr: `${nameEn} بالعربية` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const layout = (taskId: number, groups: { sectionId: number | null; actionIds: number[] }[], caller = owner) =>
  caller.request({ method: 'PUT', url: `${W}/v1/tasks/${taskId}/layout`, payload: { groups } });
const read = async (taskId: number) =>
  (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${taskId}?eagerLoad=true` })).json<{
    actions: Action[];
    sections: Section[];
    passMark: number | null;
  }>();
const shape = async (taskId: number) => {
  const task = await read(taskId);
  return task.actions.map((a) => [a.nameEn, task.sections.find((s) => s.id === a.sectionId)?.nameEn ?? null]);
};

/** A task with four yes/no actions A..D and two sections, Front and Back, empty. */
async function taskWithSections() {
  const task = await createTask(t.app, owner);
  const made = [];
  for (const name of ['A', 'B', 'C', 'D']) made.push(await createAction(t.app, owner, task.id, { nameEn: name }));
  const front = await newSection(task.id, 'Front');
  const back = await newSection(task.id, 'Back');
  return { task, actions: made, front, back };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
});
afterAll(() => t.close());

describe('sections and the layout of a task', () => {
  it('adds sections at the end, and moves actions into them in one layout, in both directions', async () => {
    const { task, actions, front, back } = await taskWithSections();
    expect([front.order, back.order]).toEqual([1, 2]);
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    const res = await layout(task.id, [
      { sectionId: null, actionIds: [a] },
      { sectionId: back.id, actionIds: [d, c] },
      { sectionId: front.id, actionIds: [b] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sections.map((s: Section) => s.nameEn)).toEqual(['Back', 'Front']);
    expect(await shape(task.id)).toEqual([
      ['A', null],
      ['D', 'Back'],
      ['C', 'Back'],
      ['B', 'Front'],
    ]);
    // The sections of a task list in their order, for every member of the business.
    const listed = await member.request({ method: 'GET', url: `${W}/v1/tasks/${task.id}/sections` });
    expect(listed.json().map((s: Section) => s.nameEn)).toEqual(['Back', 'Front']);
  });

  it('refuses a layout that leaves out or repeats a section or an action, or starts with a section', async () => {
    const { task, actions, front, back } = await taskWithSections();
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    for (const groups of [
      [
        { sectionId: null, actionIds: [a, b, c] },
        { sectionId: front.id, actionIds: [d] },
      ],
      [
        { sectionId: null, actionIds: [a, b, c, d] },
        { sectionId: front.id, actionIds: [] },
        { sectionId: front.id, actionIds: [] },
      ],
      [
        { sectionId: front.id, actionIds: [a, b, c, d] },
        { sectionId: back.id, actionIds: [] },
      ],
      [
        { sectionId: null, actionIds: [a, b, c, d, a] },
        { sectionId: front.id, actionIds: [] },
        { sectionId: back.id, actionIds: [] },
      ],
    ]) {
      const res = await layout(task.id, groups);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The layout must list every section and every action of the task once');
    }
    expect(await shape(task.id)).toEqual([
      ['A', null],
      ['B', null],
      ['C', null],
      ['D', null],
    ]);
  });

  it('refuses a layout that puts a rule before its base, of an action or of a section', async () => {
    const { task, actions, front, back } = await taskWithSections();
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    expect(
      (
        await layout(task.id, [
          { sectionId: null, actionIds: [a, b] },
          { sectionId: front.id, actionIds: [c] },
          { sectionId: back.id, actionIds: [d] },
        ])
      ).statusCode,
    ).toBe(200);
    // Back shows when C says yes: C must stay before Back.
    const ruled = await owner.request({ method: 'PUT', url: `${W}/v1/sections/${back.id}/criteria`, payload: { criteria: rule(c, 'YES') } });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const moved = await layout(task.id, [
      { sectionId: null, actionIds: [a, b] },
      { sectionId: back.id, actionIds: [d] },
      { sectionId: front.id, actionIds: [c] },
    ]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('A conditional action cannot come before the action it depends on');
    // And a section's rule may not follow an action inside or after it.
    const inside = await owner.request({ method: 'PUT', url: `${W}/v1/sections/${front.id}/criteria`, payload: { criteria: rule(c, 'YES') } });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().message).toBe("A section's rule can only follow an action before the section");
    // The base of a section's rule cannot be deleted while the rule stands.
    const gone = await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${c}` });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().detail).toBe('Back');
  });

  it('puts a new action at the end of its section, and a moved one at the end of the one it joins', async () => {
    const { task, actions, front, back } = await taskWithSections();
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    await layout(task.id, [
      { sectionId: null, actionIds: [a] },
      { sectionId: front.id, actionIds: [b, c] },
      { sectionId: back.id, actionIds: [d] },
    ]);
    const made = await owner.request({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: task.id, nameEn: 'E', type: 'TEXT', sectionId: front.id } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ order: 4, sectionId: front.id });
    const moved = await owner.request({ method: 'PUT', url: `${W}/v1/actions/${a}`, payload: { nameEn: 'A', type: 'YES_NO', sectionId: back.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await shape(task.id)).toEqual([
      ['B', 'Front'],
      ['C', 'Front'],
      ['E', 'Front'],
      ['D', 'Back'],
      ['A', 'Back'],
    ]);
    // A flat reorder keeps each action in its section.
    const ids = (await read(task.id)).actions.map((x) => x.id).reverse();
    expect((await owner.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: task.id, actionIds: ids } })).statusCode).toBe(200);
    expect(await shape(task.id)).toEqual([
      ['E', 'Front'],
      ['C', 'Front'],
      ['B', 'Front'],
      ['A', 'Back'],
      ['D', 'Back'],
    ]);
  });

  it('deletes a section: its actions stay in place and join the section before it', async () => {
    const { task, actions, front, back } = await taskWithSections();
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    await layout(task.id, [
      { sectionId: null, actionIds: [a] },
      { sectionId: front.id, actionIds: [b] },
      { sectionId: back.id, actionIds: [c, d] },
    ]);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/sections/${back.id}` })).statusCode).toBe(204);
    expect(await shape(task.id)).toEqual([
      ['A', null],
      ['B', 'Front'],
      ['C', 'Front'],
      ['D', 'Front'],
    ]);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/sections/${front.id}` })).statusCode).toBe(204);
    expect((await read(task.id)).sections).toEqual([]);
    expect(await shape(task.id)).toEqual([
      ['A', null],
      ['B', null],
      ['C', null],
      ['D', null],
    ]);
    // The task can still be deleted with everything in it.
    const again = await taskWithSections();
    await owner.request({
      method: 'PUT',
      url: `${W}/v1/sections/${again.back.id}/criteria`,
      payload: { criteria: rule(again.actions[0]?.id ?? 0, 'YES') },
    });
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/${again.task.id}` })).statusCode).toBe(204);
  });

  it("refuses other businesses' sections and tasks as unknown, and members' changes, changing nothing", async () => {
    const { task, front } = await taskWithSections();
    const theirs = await createTask(t.app, other);
    const theirSection = await newSection(theirs.id, 'Theirs', other);
    expect((await owner.request({ method: 'PUT', url: `${W}/v1/sections/${theirSection.id}`, payload: { nameEn: 'Mine' } })).statusCode).toBe(404);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/sections/${theirSection.id}` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tasks/${theirs.id}/sections` })).statusCode).toBe(404);
    const into = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'X', type: 'TEXT', sectionId: theirSection.id },
    });
    expect(into.statusCode).toBe(404);
    expect(into.json().fieldErrors).toEqual([{ field: 'sectionId', message: 'Section not found' }]);
    expect((await member.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: task.id, nameEn: 'No' } })).statusCode).toBe(403);
    expect((await member.request({ method: 'PUT', url: `${W}/v1/sections/${front.id}`, payload: { nameEn: 'No' } })).statusCode).toBe(403);
    const nameless = await owner.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: task.id, nameEn: ' ', nameAr: '' } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Name is required in English or Arabic');
    expect((await read(task.id)).sections.map((s) => s.nameEn)).toEqual(['Front', 'Back']);
  });
});

describe('scoring and evidence settings of an action', () => {
  it('keeps weights, settings and rules, and refuses rules for answers the action does not have', async () => {
    const task = await createTask(t.app, owner);
    const rules = { YES: { score: 1 }, NO: { score: 0, photoRequired: true, flag: true }, NA: { na: true } };
    const made = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'Clean?', type: 'YES_NO', weight: 3, settings: { allowNa: true }, rules },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      weight: 3,
      settings: { allowNa: true, scored: false, min: null },
      rules: {
        YES: { score: 1, na: false, photoRequired: false, noteRequired: false, flag: false },
        NO: { score: 0, photoRequired: true, flag: true },
        NA: { na: true, score: null },
      },
    });
    // "NA" is an answer only when allowed; "2" is no answer of a yes/no.
    for (const [settings, bad] of [
      [{ allowNa: false }, 'NA'],
      [{ allowNa: true }, '2'],
    ] as const) {
      const res = await owner.request({
        method: 'POST',
        url: `${W}/v1/actions`,
        payload: { taskId: task.id, nameEn: 'Bad', type: 'YES_NO', settings, rules: { [bad]: { score: 1 } } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: `rules.${bad}`, message: "This answer is not one of the action's answers" }]);
    }
    const slider = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'Level', type: 'SLIDER', settings: { min: 5, max: 5 } },
    });
    expect(slider.statusCode).toBe(400);
    expect(slider.json().message).toBe('The lowest value must be below the highest');
    const weight = await owner.request({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: task.id, nameEn: 'W', type: 'TEXT', weight: 101 } });
    expect(weight.statusCode).toBe(400);
    // An instruction is read, not answered: never required.
    const note = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'Read me', type: 'INSTRUCTION', required: true },
    });
    expect(note.json()).toMatchObject({ type: 'INSTRUCTION', required: false });
    const pass = await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { passMark: 80 } });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(pass.json()).toMatchObject({ passMark: 80, geoRestrictionEnabled: true });
    expect((await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { passMark: 101 } })).statusCode).toBe(400);
    expect((await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: {} })).statusCode).toBe(400);
  });

  it('keeps the section, weight, settings and rules when a change leaves them out, and drops rules of options gone', async () => {
    const { task, front } = await taskWithSections();
    const options = [
      { labelEn: 'Full', labelAr: 'ممتلئ' },
      { labelEn: 'Half', labelAr: 'نصف' },
      { labelEn: 'Empty', labelAr: 'فارغ' },
    ];
    const made = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: {
        taskId: task.id,
        nameEn: 'Stock',
        type: 'SINGLE_CHOICE',
        options,
        sectionId: front.id,
        weight: 4,
        rules: { '0': { score: 2 }, '2': { score: 0, photoRequired: true } },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    // A client that knows nothing of inspections renames the action and drops the last option.
    const renamed = await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${made.json().id}`,
      payload: { nameEn: 'Stock level', type: 'SINGLE_CHOICE', options: options.slice(0, 2) },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ nameEn: 'Stock level', sectionId: front.id, weight: 4, rules: { '0': { score: 2 } } });
    expect(renamed.json().rules['2']).toBeUndefined();
    // Said outright, a null section takes it out of its section.
    const out = await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${made.json().id}`,
      payload: { nameEn: 'Stock level', type: 'SINGLE_CHOICE', options, sectionId: null },
    });
    expect(out.json()).toMatchObject({ sectionId: null, weight: 4 });
  });

  it('copies sections, section rules, scores and the pass mark into a duplicate and through a template', async () => {
    const { task, actions, front, back } = await taskWithSections();
    const [a, b, c, d] = actions.map((x) => x.id) as [number, number, number, number];
    await layout(task.id, [
      { sectionId: null, actionIds: [a] },
      { sectionId: front.id, actionIds: [b, c] },
      { sectionId: back.id, actionIds: [d] },
    ]);
    await owner.request({ method: 'PUT', url: `${W}/v1/sections/${back.id}/criteria`, payload: { criteria: rule(b, 'NO', 'HIDDEN') } });
    await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${c}`,
      payload: { nameEn: 'C', type: 'YES_NO', sectionId: front.id, weight: 2, rules: { NO: { score: 0, noteRequired: true }, YES: { score: 4 } } },
    });
    await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { passMark: 75 } });

    const copies = [];
    const duplicate = await owner.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/duplicate` });
    copies.push(duplicate.json().id as number);
    const template = await owner.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/template` });
    copies.push((await owner.request({ method: 'POST', url: `${W}/v1/tasks/templates/${template.json().id}/tasks` })).json().id as number);
    for (const copyId of copies) {
      const copy = await read(copyId);
      expect(copy.passMark).toBe(75);
      expect(await shape(copyId)).toEqual([
        ['A', null],
        ['B', 'Front'],
        ['C', 'Front'],
        ['D', 'Back'],
      ]);
      const [, copiedB, copiedC] = copy.actions;
      expect(copiedC).toMatchObject({ weight: 2, rules: { NO: { score: 0, noteRequired: true }, YES: { score: 4 } } });
      expect(copy.sections[1]?.criteria).toEqual(rule(copiedB?.id ?? 0, 'NO', 'HIDDEN'));
    }
  });
});

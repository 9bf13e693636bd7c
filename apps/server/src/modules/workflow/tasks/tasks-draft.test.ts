import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createPlanRow, createProjectAndSite, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
});
afterAll(() => t.close());

describe('GET /v1/tasks?draft=', () => {
  it('draft=true lists only the tasks without any execution plan, with the total; draft=false the others', async () => {
    const { site } = await createProjectAndSite(t.app, owner);
    const planned = await createTask(t.app, owner);
    const grouped = await createTask(t.app, owner);
    const draft = await createTask(t.app, owner);
    await createPlanRow(t.app.db, { businessId: owner.business.id, taskId: planned.id, teamId: site.id, userId: member.userId });
    // A group plan without members of its own still takes the task out of Draft.
    await createPlanRow(t.app.db, { businessId: owner.business.id, taskId: grouped.id, teamId: site.id, canceled: true });
    // Another business's plan on its own task changes nothing here.
    const theirs = await createProjectAndSite(t.app, other);
    await createPlanRow(t.app.db, { businessId: other.business.id, taskId: (await createTask(t.app, other)).id, teamId: theirs.site.id });

    const list = (query: string) => member.request({ method: 'GET', url: `${W}/v1/tasks?${query}` });
    const drafts = await list('draft=true');
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().map((x: { id: number }) => x.id)).toEqual([draft.id]);
    expect(drafts.headers['x-total-count']).toBe('1');
    expect((await list('draft=false')).json().map((x: { id: number }) => x.id)).toEqual([grouped.id, planned.id]);
    expect((await list('')).headers['x-total-count']).toBe('3');
    expect((await list(`draft=true&searchKey=${encodeURIComponent(planned.nameEn ?? '')}`)).json()).toEqual([]);
    expect((await list('draft=yes')).statusCode).toBe(400);
  });
});

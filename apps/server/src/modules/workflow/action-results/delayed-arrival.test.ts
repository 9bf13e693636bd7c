// Answers that arrived after a delay (half an hour or more after they were taken, having waited on the
// device): the submissions list filters them, its count agrees whether it is summed from the
// rollups or counted from the answers, and a member's view keeps to their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '@fieldops/shared/answers';
import { INSIDE, memberAtSite, scheduled } from '../../../test/answer-test-kit.ts';
import { createAnswerRow, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const LIST = '/services/workflow/api/v1/report/latest/result';
let t: TestApp;
let owner: Caller;
let member: Caller;
const ids: Record<'prompt' | 'halfHour' | 'hours' | 'otherMember', number> = { prompt: 0, halfHour: 0, hours: 0, otherMember: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const place = await memberAtSite(t.app);
  ({ owner, member } = place);
  const { actions, schedule } = await scheduled({ t, owner, siteId: place.siteId }, member, [{ required: true }, {}, {}]);
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const answer = async (index: number, capturedMinutesAgo: number, userId = member.userId) =>
    (
      await createAnswerRow(t.app.db, { ...schedule, userId }, actions[index]!.id, {
        capturedAt: at(capturedMinutesAgo),
        createdDate: at(0),
        latitude: Number(INSIDE.latitude),
        longitude: Number(INSIDE.longitude),
      })
    ).id;
  ids.prompt = await answer(0, 29);
  ids.halfHour = await answer(1, 30);
  ids.hours = await answer(2, 300);
  ids.otherMember = await answer(0, 120, owner.userId);
});
afterAll(() => t.close());

const listed = async (who: Caller, query: string) => {
  const res = await who.request({ method: 'GET', url: `${LIST}?size=50${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const answers = res.json() as ActionResult[];
  expect(res.headers['x-total-count']).toBe(String(answers.length));
  return answers.map((a) => a.id).sort((a, b) => a - b);
};

describe('answers that arrived after a delay', () => {
  it('are listed alone when asked for, with a count that agrees, in the whole business and in a member’s view', async () => {
    const sorted = (...values: number[]) => values.sort((a, b) => a - b);
    expect(await listed(owner, '')).toEqual(sorted(ids.prompt, ids.halfHour, ids.hours, ids.otherMember));
    expect(await listed(owner, '&delayed=true')).toEqual(sorted(ids.halfHour, ids.hours, ids.otherMember));
    expect(await listed(owner, '&delayed=false')).toEqual(sorted(ids.prompt, ids.halfHour, ids.hours, ids.otherMember));
    expect(await listed(owner, `&delayed=true&users=${member.userId}`)).toEqual(sorted(ids.halfHour, ids.hours));
    expect(await listed(member, '&delayed=true')).toEqual(sorted(ids.halfHour, ids.hours));
  });

  it('refuses a filter that is not true or false', async () => {
    const res = await owner.request({ method: 'GET', url: `${LIST}?delayed=maybe` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

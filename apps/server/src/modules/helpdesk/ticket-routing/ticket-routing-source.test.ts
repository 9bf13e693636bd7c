// A ticket raised from a flagged answer has the source ANSWER, one raised by a person PERSON;
// routing rules tell them apart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { answersWorld } from '../../../test/answer-test-kit.ts';
import { addMember, createAnswerRow, createScheduleRow } from '../../../test/factories.ts';

const HELPDESK = '/services/helpdesk/api/v1';
const WORKFLOW = '/services/workflow/api/v1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('routes tickets from flagged answers and from people by their source', async () => {
  const { owner, siteA, member, task, yesNo } = await answersWorld(t);
  const [answers, people] = [await addMember(t.app, owner), await addMember(t.app, owner)];
  const put = await owner.request({
    method: 'PUT',
    url: `${HELPDESK}/ticket-routing-rules`,
    payload: {
      rules: [
        { source: 'ANSWER', strategy: 'MEMBER', userId: answers.userId },
        { source: 'PERSON', strategy: 'MEMBER', userId: people.userId },
      ],
    },
  });
  expect(put.statusCode).toBe(200);

  const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteA, userId: member.userId });
  const answer = await createAnswerRow(t.app.db, schedule, yesNo.id, { value: 'NO', isFlagged: true });
  const fired = await owner.request({ method: 'POST', url: `${WORKFLOW}/action-results/${answer.id}/ticket` });
  expect(fired.statusCode, fired.body).toBe(201);
  const fromAnswer = await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${fired.json().ticketId}` });
  expect(fromAnswer.json().agentId).toBe(answers.userId);
  const [row] = await t.app.db.select({ source: tickets.source }).from(tickets).where(eq(tickets.id, fired.json().ticketId));
  expect(row?.source).toBe('ANSWER');

  const raised = await owner.request({ method: 'POST', url: `${HELPDESK}/tickets`, payload: { title: 'Gate', description: 'Stuck', teamId: siteA } });
  expect(raised.json().agentId).toBe(people.userId);
  const [personRow] = await t.app.db.select({ source: tickets.source }).from(tickets).where(eq(tickets.id, raised.json().id));
  expect(personRow?.source).toBe('PERSON');
});

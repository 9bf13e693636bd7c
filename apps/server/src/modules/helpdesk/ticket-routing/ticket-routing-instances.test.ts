// Two server instances on one database create tickets under one rule. Round robin: the site's
// cursor is locked with the ticket's transaction, so each supervisor gets an even share. Fewest
// open: the choice is held per business until the ticket is committed, so the next ticket counts
// it and the members end within one ticket of each other. On PostgreSQL the tickets are created
// all at once, split across both instances; the embedded database runs one transaction at a
// time, so there they alternate between the instances.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, addSupervisor, callerFor, createBusinessWithOwner, createProject, createSite, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const TICKETS = 40;
const SUPERVISORS = 4;
const FEWEST_TICKETS = 20;
const MEMBERS = 4;
const concurrent = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
});
afterAll(() => t?.close());

it(`shares ${TICKETS} tickets evenly among ${SUPERVISORS} supervisors in turn, across two instances`, async () => {
  const owner = await createBusinessWithOwner(t.app);
  const onSecond: Caller = callerFor(second, { id: owner.userId, username: owner.username }, owner.token, owner.business);
  const site = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
  const supervisors: number[] = [];
  for (let i = 0; i < SUPERVISORS; i++) supervisors.push((await addSupervisor(t.app, owner, [site.id])).userId);
  const put = await owner.request({
    method: 'PUT',
    url: `${API}/ticket-routing-rules`,
    payload: { rules: [{ strategy: 'ROUND_ROBIN', targetTeamId: site.id }] },
  });
  expect(put.statusCode).toBe(200);

  const create = (i: number) =>
    (i % 2 === 0 ? owner : onSecond).request({ method: 'POST', url: `${API}/tickets`, payload: { title: `Leak ${i}`, description: 'Roof' } });
  const responses = [];
  if (concurrent) responses.push(...(await Promise.all(Array.from({ length: TICKETS }, (_, i) => create(i)))));
  else for (let i = 0; i < TICKETS; i++) responses.push(await create(i));
  expect(responses.map((r) => r.statusCode)).toEqual(Array(TICKETS).fill(201));

  const rows = await t.app.db.select({ agentId: tickets.agentId }).from(tickets).where(eq(tickets.businessId, owner.business.id));
  const share = new Map(supervisors.map((id) => [id, 0]));
  for (const row of rows) share.set(row.agentId!, (share.get(row.agentId!) ?? 0) + 1);
  expect([...share.keys()].sort()).toEqual([...supervisors].sort());
  for (const [, n] of share) {
    expect(n).toBeGreaterThanOrEqual(TICKETS / SUPERVISORS - 1);
    expect(n).toBeLessThanOrEqual(TICKETS / SUPERVISORS + 1);
  }
  // Sequential creation is exactly even.
  if (!concurrent) expect([...share.values()]).toEqual(Array(SUPERVISORS).fill(TICKETS / SUPERVISORS));
}, 120_000);

it(`gives ${FEWEST_TICKETS} tickets made at once on two instances to the least busy of ${MEMBERS} members, ending within one of each other`, async () => {
  const owner = await createBusinessWithOwner(t.app);
  const onSecond: Caller = callerFor(second, { id: owner.userId, username: owner.username }, owner.token, owner.business);
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) members.push((await addMember(t.app, owner)).userId);
  const put = await owner.request({ method: 'PUT', url: `${API}/ticket-routing-rules`, payload: { rules: [{ strategy: 'FEWEST_OPEN', memberIds: members }] } });
  expect(put.statusCode).toBe(200);

  const create = (i: number) =>
    (i % 2 === 0 ? owner : onSecond).request({ method: 'POST', url: `${API}/tickets`, payload: { title: `Door ${i}`, description: 'Hinge' } });
  const responses = [];
  if (concurrent) responses.push(...(await Promise.all(Array.from({ length: FEWEST_TICKETS }, (_, i) => create(i)))));
  else for (let i = 0; i < FEWEST_TICKETS; i++) responses.push(await create(i));
  expect(responses.map((r) => r.statusCode)).toEqual(Array(FEWEST_TICKETS).fill(201));

  const rows = await t.app.db.select({ agentId: tickets.agentId }).from(tickets).where(eq(tickets.businessId, owner.business.id));
  const open = new Map(members.map((id) => [id, 0]));
  for (const row of rows) open.set(row.agentId!, (open.get(row.agentId!) ?? 0) + 1);
  expect([...open.keys()].sort()).toEqual([...members].sort());
  const counts = [...open.values()];
  expect(Math.max(...counts) - Math.min(...counts), JSON.stringify(counts)).toBeLessThanOrEqual(1);
}, 120_000);

// The business the tenancy sweep (tenancy-sweep.test.ts) attacks, and the one it attacks from: one
// of every kind of entity an API path, query or body can name, built through the API where the
// API writes more than one row (lookups, chain rule, template, plan, ticket files, invitation).
// Every name and e-mail of a world carries one random marker, so "did a response show any of this
// business's data?" is one substring test.
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { users } from '../db/schema.ts';
import { schedules } from '../db/schema-schedules.ts';
import { photoChecks } from '../db/schema-evidence.ts';
import { mailMessages, notifications } from '../db/schema-platform.ts';
import { rowsOf } from '../db/client.ts';
import { sendJob } from '../modules/platform/queue/queue.ts';
import { createBusinessFor } from '../modules/main/onboarding/onboarding.service.ts';
import {
  IMAGES,
  addMember,
  addSupervisor,
  callerFor,
  createAction,
  createAnswerRow,
  createPlan,
  createProject,
  createSite,
  createTask,
  createUser,
  multipart,
  placeInSite,
  signIn,
  type Caller,
} from './factories.ts';
import { WRITE_ALL } from './api-token-kit.ts';

/** Every kind of thing an operation can name by id. */
export const ENTITIES = [
  'business',
  'apiKey',
  'user',
  'project',
  'site',
  'otherProject',
  'otherSite',
  'projectType',
  'siteType',
  'task',
  'action',
  'section',
  'tag',
  'template',
  'plan',
  'schedule',
  'answer',
  'ticket',
  'attachment',
  'comment',
  'category',
  'invitation',
  'exportLink',
  'inspectionShare',
  'coverRequest',
  'import',
  'notification',
  'mail',
  'job',
  'kiosk',
  'holiday',
  'webhook',
  'webhookDelivery',
  'apiToken',
] as const;
export type Entity = (typeof ENTITIES)[number];

export interface World {
  owner: Caller;
  member: Caller;
  supervisor: Caller;
  ids: Record<Entity, number | string>;
  /** The device token of the world's enrolled kiosk (its member has a PIN and signed in on it once). */
  kioskToken: string;
  /** An API token of the owner's with write in every area (the sweep calls as it too). */
  apiToken: string;
  /** In every name, e-mail and username of this world (letters only, so it survives any text field). */
  marker: string;
}

const W = '/services/workflow/api/v1';
const H = '/services/helpdesk/api/v1';

async function send(caller: Caller, options: InjectOptions, expected: number) {
  const res = await caller.request(options);
  if (res.statusCode !== expected) throw new Error(`building the world: ${options.method} ${options.url} answered ${res.statusCode} ${res.body}`);
  return res.json<unknown>();
}
const idOf = (value: unknown) => (value as { id: number }).id;

/** Gives a user this world's marked identity, so their name, e-mail and username are recognisable. */
async function mark(app: FastifyInstance, userId: number, label: string, marker: string) {
  const handle = `${label}${marker}`.toLowerCase();
  await app.db
    .update(users)
    .set({ fullName: `${label} ${marker}`, email: `${handle}@example.com`, username: handle })
    .where(eq(users.id, userId));
}

export async function buildWorld(app: FastifyInstance, label: string): Promise<World> {
  const marker = `Zq${crypto
    .randomBytes(6)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)])}`;
  const named = (what: string) => `${label} ${what} ${marker}`;

  const ownerUser = await createUser(app);
  const business = await createBusinessFor(app.db, ownerUser.id, { name: named('Holdings') });
  const owner = callerFor(app, ownerUser, await signIn(app, ownerUser.username), business);
  await mark(app, owner.userId, `${label}Owner`, marker);

  const lookups = (await send(
    owner,
    {
      method: 'PUT',
      url: `/api/v1/business/config/api-key/${business.apiKey}/lookup`,
      payload: { projectTypes: [{ nameEn: named('Ptype'), nameAr: 'نوع مشروع' }], teamTypes: [{ nameEn: named('Stype'), nameAr: 'نوع موقع' }] },
    },
    200,
  )) as { projectTypes: { id: number }[]; teamTypes: { id: number }[] };
  const projectType = lookups.projectTypes[0].id;
  const siteType = lookups.teamTypes[0].id;
  const project = await createProject(app, owner, { name: named('Project'), typeId: projectType });
  const site = await createSite(app, owner, project.id, { name: named('Site'), typeId: siteType, latitude: 24.7, longitude: 46.6 });
  // Somewhere to move things to: a move to where they already are is refused before anything else.
  const otherProject = await createProject(app, owner, { name: named('Annex') });
  const otherSite = await createSite(app, owner, otherProject.id, { name: named('Depot') });

  const member = await addMember(app, owner);
  await mark(app, member.userId, `${label}Member`, marker);
  await placeInSite(app, owner, site.id, member.userId);
  const supervisor = await addSupervisor(app, owner, [site.id]);
  await mark(app, supervisor.userId, `${label}Supervisor`, marker);

  // An account outside the business, invited to its site: a pending invitation only that person may answer.
  const invitee = await createUser(app);
  await mark(app, invitee.id, `${label}Invitee`, marker);
  const invitation = idOf(
    await send(
      owner,
      {
        method: 'POST',
        url: `/api/v1/teams/${site.id}/users`,
        payload: { name: named('Invitee'), email: `${label}invitee${marker}@example.com`.toLowerCase(), password: 'welcome-123', role: 'MEMBER' },
      },
      201,
    ),
  );

  const tag = idOf(await send(owner, { method: 'POST', url: `${W}/tags`, payload: { nameEn: named('Tag'), nameAr: 'وسم' } }, 201));
  const task = await createTask(app, owner, { nameEn: named('Task'), geoRestrictionEnabled: false, tagId: tag });
  const gate = await createAction(app, owner, task.id, { nameEn: named('Gate'), required: true });
  const follow = await createAction(app, owner, task.id, { nameEn: named('Follow'), type: 'TEXT' });
  await send(
    owner,
    {
      method: 'PUT',
      url: `${W}/actions/${follow.id}/criteria`,
      payload: { criteria: { condition: { baseActionId: gate.id, answer: 'YES' }, visibility: 'DISPLAY' } },
    },
    200,
  );
  await send(owner, { method: 'POST', url: `${W}/actions/assign/tags`, payload: { actionId: gate.id, tagIds: [tag] } }, 200);
  // A section holding the follow-up, shown by the same answer.
  const section = idOf(await send(owner, { method: 'POST', url: `${W}/sections`, payload: { taskId: task.id, nameEn: named('Section') } }, 201));
  await send(owner, { method: 'PUT', url: `${W}/actions/${follow.id}`, payload: { nameEn: named('Follow'), type: 'TEXT', sectionId: section } }, 200);
  const template = idOf(await send(owner, { method: 'POST', url: `${W}/tasks/${task.id}/template` }, 201));

  const plan = await createPlan(owner, { taskId: task.id, teamId: site.id, userIds: [member.userId] });
  const [schedule] = await app.db
    .select()
    .from(schedules)
    .where(and(eq(schedules.businessId, business.id), eq(schedules.userId, member.userId)))
    .orderBy(asc(schedules.start))
    .limit(1);
  if (!schedule) throw new Error('building the world: the plan made no schedule');
  // Open whatever the time of day, so the sweep reaches the checks behind the opening hours.
  const hour = 60 * 60 * 1000;
  await app.db
    .update(schedules)
    .set({ start: new Date(Date.now() - hour), deadline: new Date(Date.now() + hour) })
    .where(eq(schedules.id, schedule.id));
  // Flagged, and kept from outside the site: what a supervisor may unflag, raise a ticket from or override.
  const answer = await createAnswerRow(app.db, schedule, gate.id, { isFlagged: true, notes: named('Note'), outside: true, locationStatus: 'OUTSIDE' });
  // Waiting in the photo review queue.
  await app.db.insert(photoChecks).values({ answerId: answer.id, businessId: owner.business.id, teamId: site.id, hash: 0n, reason: 'SAMPLE' });
  // An answer with a photo, and the links of an export that names it.
  const stored = await app.storage.put(IMAGES.png, 'png');
  await createAnswerRow(app.db, schedule, gate.id, { fileKey: stored.key });
  const exportLink = idOf(await send(owner, { method: 'POST', url: `${W}/report/export-links`, payload: { files: [stored.key] } }, 201));
  const inspectionShare = idOf(
    await send(owner, { method: 'POST', url: `/services/workflow/api/schedules/${schedule.id}/inspection/shares`, payload: {} }, 201),
  );

  // The member asks cover on their schedule: a request the other business must never see or change.
  const coverRequest = idOf(
    await send(member, { method: 'POST', url: `${W}/schedules/${schedule.id}/cover-requests`, payload: { reason: named('Reason') } }, 201),
  );

  // A preview of an import of members: its rows name the business's people.
  const importFile = multipart({}, [
    { field: 'file', filename: 'members.csv', type: 'text/csv', data: Buffer.from(`Name,Email\n${named('Imported')},imported.${marker}@example.com\n`) },
  ]);
  const preview = idOf(await send(owner, { method: 'POST', url: `/api/v1/imports?kind=MEMBERS`, ...importFile }, 201));

  // The business calendar: saved working hours and a day of the business's own.
  await send(
    owner,
    {
      method: 'PUT',
      url: '/api/v1/business-calendar/working-hours',
      payload: { countryCode: 'SA', week: [[{ start: 480, end: 1020 }], [], [], [], [], [], []] },
    },
    200,
  );
  const holiday = idOf(
    await send(
      owner,
      { method: 'POST', url: '/api/v1/business-calendar/holidays', payload: { date: '2026-12-10', nameEn: named('Holiday'), nameAr: 'عطلة' } },
      201,
    ),
  );

  const category = idOf(await send(owner, { method: 'POST', url: `${H}/ticket-categories`, payload: { nameEn: named('Category'), nameAr: 'فئة' } }, 201));
  await send(
    owner,
    {
      method: 'PUT',
      url: `${H}/sla-policies`,
      payload: { rules: [{ categoryId: category, priority: 'HIGH', firstResponseMinutes: 60, resolutionMinutes: 480 }] },
    },
    200,
  );
  const ticket = idOf(
    await send(
      owner,
      {
        method: 'POST',
        url: `${H}/tickets`,
        payload: {
          title: named('Ticket'),
          description: named('Description'),
          categoryId: category,
          projectId: project.id,
          teamId: site.id,
          agentId: member.userId,
        },
      },
      201,
    ),
  );
  const photo = { field: 'file', filename: 'photo.png', type: 'image/png', data: IMAGES.png };
  const comment = idOf(await send(owner, { method: 'POST', url: `${H}/tickets/${ticket}/comments`, ...multipart({ text: named('Comment') }, [photo]) }, 201));
  const attachments = await send(
    owner,
    { method: 'POST', url: `${H}/tickets/${ticket}/attachments`, ...multipart({}, [{ ...photo, field: 'attachments' }]) },
    201,
  );
  const attachment = idOf((attachments as unknown[])[0]);
  await send(owner, { method: 'PUT', url: `${H}/assignment-config`, payload: { targetType: 'MEMBER', userId: member.userId } }, 200);

  // The member's bell entry, an e-mail in the outbox and a job that used up its tries.
  const notification = idOf(
    (
      await app.db
        .insert(notifications)
        .values({
          businessId: business.id,
          userId: member.userId,
          kind: 'ticketAssigned',
          params: { ticketTitle: named('Ticket') },
          deliveryKey: `world:${marker}`,
        })
        .returning()
    )[0],
  );
  const mail = idOf(
    (
      await app.db
        .insert(mailMessages)
        .values({
          businessId: business.id,
          kind: 'ticketAssigned',
          toAddress: `${marker}@example.com`,
          language: 'en',
          subject: named('Subject'),
          html: named('Html'),
          text: named('Text'),
          deliveryKey: `world:${marker}`,
        })
        .returning()
    )[0],
  );
  await sendJob(app.db, 'mail.send', { businessId: business.id, messageId: mail });
  const [job] = rowsOf<{ id: string }>(
    await app.db.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now() where name = 'mail.send' and (data->>'messageId')::bigint = ${mail} returning id`,
    ),
  );
  if (!job) throw new Error('building the world: no failed job');

  // A kiosk at the site, enrolled, on which the member (with a PIN) signed in once.
  const created = (await send(owner, { method: 'POST', url: '/api/v1/kiosks', payload: { teamId: site.id, name: named('Kiosk') } }, 201)) as {
    kiosk: { id: number };
    enrolmentCode: string;
  };
  const enrolled = await app.inject({ method: 'POST', url: '/api/v1/kiosk/enrol', payload: { code: created.enrolmentCode } });
  if (enrolled.statusCode !== 200) throw new Error(`building the world: enrolment answered ${enrolled.statusCode} ${enrolled.body}`);
  const kioskToken = enrolled.json<{ token: string }>().token;
  await send(owner, { method: 'PUT', url: `/api/v1/users/${member.userId}/kiosk-pin`, payload: { pin: '2468' } }, 200);
  const kioskSignIn = await app.inject({
    method: 'POST',
    url: '/api/v1/kiosk/sign-in',
    headers: { 'x-kiosk-token': kioskToken },
    payload: { userId: member.userId, pin: '2468' },
  });
  if (kioskSignIn.statusCode !== 200) throw new Error(`building the world: kiosk sign-in answered ${kioskSignIn.statusCode} ${kioskSignIn.body}`);

  // An API token of the owner's, every area with write.
  const madeToken = (await send(owner, { method: 'POST', url: '/api/v1/api-tokens', payload: { name: named('Token'), scopes: WRITE_ALL } }, 201)) as {
    apiToken: { id: number };
    token: string;
  };

  // A webhook endpoint (a public address: nothing is sent, as the sweep's app works no jobs) and a test message's delivery.
  const webhook = (await send(
    owner,
    {
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: `https://93.184.215.14/${marker}`, description: named('Hook'), eventKinds: ['ticket.created'] },
    },
    201,
  )) as { endpoint: { id: number } };
  const webhookDelivery = (await send(owner, { method: 'POST', url: `/api/v1/webhooks/${webhook.endpoint.id}/test` }, 202)) as { id: number };

  return {
    owner,
    member,
    supervisor,
    marker,
    kioskToken,
    apiToken: madeToken.token,
    ids: {
      business: business.id,
      apiKey: business.apiKey,
      user: member.userId,
      project: project.id,
      site: site.id,
      otherProject: otherProject.id,
      otherSite: otherSite.id,
      projectType,
      siteType,
      task: task.id,
      action: gate.id,
      section,
      tag,
      template,
      plan: plan.id,
      schedule: schedule.id,
      answer: answer.id,
      ticket,
      attachment,
      comment,
      category,
      invitation,
      exportLink,
      inspectionShare,
      coverRequest,
      import: preview,
      notification,
      mail,
      job: job.id,
      kiosk: created.kiosk.id,
      webhook: webhook.endpoint.id,
      webhookDelivery: webhookDelivery.id,
      holiday,
      apiToken: madeToken.apiToken.id,
    },
  };
}

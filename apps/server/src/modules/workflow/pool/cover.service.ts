// Cover (DESIGN §6): a member asks that a colleague of the site cover one of their open schedules;
// a colleague accepts, or a manager of the site (its supervisor, an admin or the owner) assigns
// one, and the schedule moves to them with its answers. The request's row is the schedule's
// history: who had it, who asked, who covered, who decided and when. The rollups follow the
// schedule's member by their triggers (drizzle/0010, 0033), so reports count it for whoever has it.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { CoverRequest, coverRequestCreate, coverRequestsQuery } from '@fieldops/shared/pool';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { managesSite, viewScopeOf } from '../../../policies/schedules.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { iso } from './pool.service.ts';
import {
  closeCoverRequest,
  findCoverRequests,
  findOpenCoverOf,
  insertCoverRequest,
  isSiteMember,
  lockCoverRequest,
  lockScheduleHolder,
  moveSchedule,
  sitesOf,
  type CoverListRow,
  type CoverRow,
} from './pool.repository.ts';

const person = (id: number | null, fullName: string | null) => (id === null || fullName === null ? null : { id: Number(id), fullName });

const toCoverRequest = (r: CoverListRow): CoverRequest => ({
  id: Number(r.id),
  scheduleId: Number(r.scheduleId),
  teamId: Number(r.teamId),
  teamName: r.teamName,
  taskNameEn: r.taskNameEn,
  taskNameAr: r.taskNameAr,
  start: iso(r.start),
  deadline: iso(r.deadline),
  requester: { id: Number(r.requesterId), fullName: r.requesterName },
  reason: r.reason,
  status: r.status,
  cover: person(r.coverId, r.coverName),
  decidedBy: person(r.decidedById, r.decidedByName),
  createdAt: iso(r.createdAt),
  decidedAt: r.decidedAt === null ? null : iso(r.decidedAt),
});

async function coverRequestById(db: Db, caller: Caller, id: number): Promise<CoverRequest> {
  const [row] = await findCoverRequests(db, caller.businessId, { id, sites: null, requesterId: caller.userId, openOnly: false, now: new Date() });
  return toCoverRequest(must(row, 'a request just written is read back'));
}

/** What the notifications of a request name: its task, in both languages (DESIGN §12). */
/** What a notice of the request names: the task and when its schedule starts. */
const scheduleNamed = (r: CoverRequest) => ({ taskName: r.taskNameEn ?? r.taskNameAr ?? '', taskNameAr: r.taskNameAr ?? '', start: r.start });

/**
 * `POST /v1/schedules/{id}/cover-requests`: the caller asks cover on their own open schedule. A
 * request already open for it is answered again (created: false), so a retried ask makes one. A new
 * request tells the site's other members (the event `cover.requested`).
 */
export async function askCover(db: Db, caller: Caller, scheduleId: number, body: z.output<typeof coverRequestCreate>, now = new Date()) {
  const scope = await viewScopeOf(db, caller);
  return db.transaction(async (tx) => {
    const schedule = await lockScheduleHolder(tx, caller.businessId, scheduleId, now);
    if (!schedule || (schedule.userId !== caller.userId && !managesSite(scope, schedule.teamId))) throw notFound(MSG.scheduleNotFound);
    if (schedule.userId !== caller.userId) throw forbidden(MSG.coverNotYours);
    if (!schedule.open) throw conflict(MSG.coverScheduleClosed);
    const existing = await findOpenCoverOf(tx, caller.businessId, scheduleId);
    if (existing !== null) return { created: false, request: await coverRequestById(tx, caller, existing) };
    const id = must(
      (await insertCoverRequest(tx, { businessId: caller.businessId, scheduleId, teamId: schedule.teamId, requesterId: caller.userId, reason: body.reason })) ??
        undefined,
      'the schedule is locked, so no other request can open meanwhile',
    );
    const request = await coverRequestById(tx, caller, id);
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'cover.requested',
      actorId: caller.userId,
      data: { requestId: id, scheduleId, teamId: request.teamId, requesterId: caller.userId, ...scheduleNamed(request) },
    });
    return { created: true, request };
  });
}

/** `GET /v1/cover-requests`: the requests of the caller's sites (every site for admins), and their own. */
export async function listCoverRequests(db: Db, caller: Caller, query: z.output<typeof coverRequestsQuery>, now = new Date()) {
  const scope = await viewScopeOf(db, caller);
  const sites = scope.all ? null : [...new Set([...(await sitesOf(db, caller.businessId, caller.userId)), ...scope.supervised])];
  const rows = await findCoverRequests(db, caller.businessId, { sites, requesterId: caller.userId, openOnly: query.status === 'OPEN', now });
  return rows.map(toCoverRequest);
}

/** `GET /v1/schedules/{id}/cover-requests`: a schedule's history of cover, for whoever sees the schedule. */
export async function scheduleCoverHistory(db: Db, caller: Caller, scheduleId: number, now = new Date()) {
  const scope = await viewScopeOf(db, caller);
  const schedule = await lockScheduleHolder(db, caller.businessId, scheduleId, now);
  const requests = schedule
    ? await findCoverRequests(db, caller.businessId, { scheduleId, sites: null, requesterId: caller.userId, openOnly: false, now })
    : [];
  const involved = requests.some((r) => Number(r.requesterId) === caller.userId || Number(r.coverId) === caller.userId);
  if (!schedule || (schedule.userId !== caller.userId && !managesSite(scope, schedule.teamId) && !involved)) throw notFound(MSG.scheduleNotFound);
  return requests.map(toCoverRequest);
}

/** The request, locked, if the caller may see it: a member or manager of its site, or its requester; else 404. */
async function requireVisibleRequest(tx: Db, caller: Caller, id: number): Promise<CoverRow> {
  const request = await lockCoverRequest(tx, caller.businessId, id);
  if (!request) throw notFound(MSG.coverRequestNotFound);
  const scope = await viewScopeOf(tx, caller);
  const seen =
    request.requesterId === caller.userId || managesSite(scope, request.teamId) || (await isSiteMember(tx, caller.businessId, request.teamId, caller.userId));
  if (!seen) throw notFound(MSG.coverRequestNotFound);
  return request;
}

/**
 * Moves the request's schedule to `coverId` and closes the request as `status`; the requester, and
 * a colleague a manager named, hear of it (the event `cover.decided`).
 */
async function cover(tx: Db, caller: Caller, request: CoverRow, coverId: number, status: 'ACCEPTED' | 'ASSIGNED', now: Date) {
  if (request.status !== 'OPEN') throw conflict(MSG.coverRequestClosed);
  const schedule = await lockScheduleHolder(tx, caller.businessId, request.scheduleId, now);
  if (!schedule?.open || schedule.userId !== request.requesterId) throw conflict(MSG.coverScheduleClosed);
  if (!(await moveSchedule(tx, caller.businessId, request.scheduleId, request.requesterId, coverId, now))) throw conflict(MSG.coverScheduleClosed);
  await closeCoverRequest(tx, request.id, status, caller.userId, coverId);
  const decided = await coverRequestById(tx, caller, request.id);
  await recordEvent(tx, {
    businessId: caller.businessId,
    kind: 'cover.decided',
    actorId: caller.userId,
    data: {
      requestId: request.id,
      scheduleId: request.scheduleId,
      teamId: request.teamId,
      requesterId: request.requesterId,
      coverId,
      status,
      ...scheduleNamed(decided),
    },
  });
  return decided;
}

/** `POST /v1/cover-requests/{id}/accept`: a colleague of the site takes the schedule over. */
export async function acceptCover(db: Db, caller: Caller, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const request = await requireVisibleRequest(tx, caller, id);
    if (request.requesterId === caller.userId) throw conflict(MSG.coverOwnSchedule);
    if (!(await isSiteMember(tx, caller.businessId, request.teamId, caller.userId))) throw forbidden(MSG.coverMemberNotInSite);
    return cover(tx, caller, request, caller.userId, 'ACCEPTED', now);
  });
}

/** `POST /v1/cover-requests/{id}/assign`: a manager of the site names the colleague who covers. */
export async function assignCover(db: Db, caller: Caller, id: number, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const request = await requireVisibleRequest(tx, caller, id);
    if (!managesSite(await viewScopeOf(tx, caller), request.teamId)) throw forbidden();
    if (userId === request.requesterId) throw fieldError('userId', MSG.coverOwnSchedule);
    if (!(await isSiteMember(tx, caller.businessId, request.teamId, userId))) throw fieldError('userId', MSG.coverMemberNotInSite);
    return cover(tx, caller, request, userId, 'ASSIGNED', now);
  });
}

/** `POST /v1/cover-requests/{id}/withdraw`: the requester (or a manager of the site) takes the request back. */
export async function withdrawCover(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const request = await requireVisibleRequest(tx, caller, id);
    if (request.requesterId !== caller.userId && !managesSite(await viewScopeOf(tx, caller), request.teamId)) throw forbidden();
    if (request.status !== 'OPEN') throw conflict(MSG.coverRequestClosed);
    await closeCoverRequest(tx, request.id, 'WITHDRAWN', caller.userId, null);
    return coverRequestById(tx, caller, request.id);
  });
}

// The rules of the runner page that do not draw anything: why a schedule is read-only, which
// answers the server already holds and which of them count, where the member stands against
// the site's area. (Which refusals concern the whole schedule: lib/offline/outbox-response.ts.)
import type { ActionResult } from '@fieldops/shared/answers';
import type { LocationStatus } from '@fieldops/shared/enums';
import { judgeLocation, type Fix } from '@fieldops/shared/geofence';
import { type ScheduleDetail } from '@fieldops/shared/schedules';
import type { AnswerDrafts, SubmitStates } from '../../../components/task-runner/answers.ts';
import type { GeoState } from '../../../lib/geolocation.ts';

export type ReadOnlyReason = 'done' | 'late' | 'missed' | 'paused' | 'notYours' | 'notOpen' | 'pastDeadline' | 'closed';

/** Why the caller cannot answer: the final states first, then the plan, the owner, the clock. */
export function readOnlyReason(detail: ScheduleDetail, userId: number, now: number = Date.now()): ReadOnlyReason {
  if (detail.status === 'done') return 'done';
  if (detail.status === 'late') return 'late';
  if (detail.status === 'missed') return 'missed';
  if (detail.paused) return 'paused';
  if (detail.userId !== userId) return 'notYours';
  if (now < Date.parse(detail.start)) return 'notOpen';
  if (now > Date.parse(detail.deadline)) return 'pastDeadline';
  return 'closed';
}

/**
 * The answers the server holds, by action: `counted` is each action's newest counted answer (the
 * one the server's progress uses); `notCounted` is the newest answer kept from outside the site's
 * area, for actions that have no counted answer, which the member may give again.
 */
export interface HeldAnswers {
  counted: Map<number, ActionResult>;
  notCounted: Map<number, ActionResult>;
}

export function heldAnswers(answers: readonly ActionResult[]): HeldAnswers {
  const counted = new Map<number, ActionResult>();
  const notCounted = new Map<number, ActionResult>();
  const keepNewest = (map: Map<number, ActionResult>, answer: ActionResult) => {
    const known = map.get(answer.action.id);
    if (!known || Date.parse(answer.createdDate) >= Date.parse(known.createdDate)) map.set(answer.action.id, answer);
  };
  // Kept from outside the site's area, or held because the plan was paused: stored, not counted.
  for (const answer of answers) keepNewest(answer.outside || answer.held !== null ? notCounted : counted, answer);
  for (const actionId of counted.keys()) notCounted.delete(actionId);
  return { counted, notCounted };
}

/**
 * Where the held answers stand, under what the device is sending: an answer kept from outside
 * the site's area lies beneath the device's own states (a fresh attempt's upload or failure
 * shows), a counted one over them (it is never sent again).
 */
export function mergeStates(held: HeldAnswers, device: SubmitStates): SubmitStates {
  const states: SubmitStates = {};
  for (const [actionId, answer] of held.notCounted) states[actionId] = { status: 'saved', outside: true, locationStatus: answer.locationStatus };
  Object.assign(states, device);
  for (const actionId of held.counted.keys()) states[actionId] = { status: 'saved', outside: false };
  return states;
}

/**
 * Counted answers as drafts, so the chain rules see them. Answers kept from outside the site's
 * area are left out: like the server's progress, the runner reads only counted answers and the
 * member's fresh drafts.
 */
export function savedDrafts(counted: ReadonlyMap<number, ActionResult>): AnswerDrafts {
  const drafts: AnswerDrafts = {};
  for (const [actionId, answer] of counted) {
    drafts[actionId] = { value: answer.value, notes: answer.notes ?? '', file: null, voice: null, important: answer.isFlagged };
  }
  return drafts;
}

export type GeofenceCheck =
  | { kind: 'off' }
  | { kind: 'asking' }
  /** `distance` from the site's pin, when it has one. */
  | { kind: 'inside'; distance: number | null; accuracy: number }
  /** `distance` beyond the edge of the site's area (its circle's or its polygon's). */
  | { kind: 'outside'; distance: number; accuracy: number }
  /** The fix is less precise than `limit` (the task's threshold, else the site's radius). */
  | { kind: 'imprecise'; limit: number; accuracy: number }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

/**
 * Only a task with the geofence on, at a site with a geofence, is checked (DESIGN §7). Judged by
 * the shared geofence code the server judges the answer with, so the device and the server agree.
 */
export function geofenceCheck(detail: ScheduleDetail, geo: GeoState): GeofenceCheck {
  const site = { ...detail.site, polygon: detail.site.polygon ?? null };
  const threshold = detail.task.accuracyThreshold ?? null;
  if (judgeLocation(detail.task.geoRestrictionEnabled, site, {}, threshold).status === null) return { kind: 'off' };
  if (geo.status !== 'granted') return { kind: geo.status };
  const { accuracy } = geo.position;
  const judged = judgeLocation(true, site, geo.position, threshold);
  switch (judged.status) {
    case 'INSIDE':
      return { kind: 'inside', distance: judged.distance, accuracy };
    case 'OUTSIDE':
      return { kind: 'outside', distance: judged.fromGeofence ?? 0, accuracy };
    default:
      return { kind: 'imprecise', limit: threshold ?? site.radius, accuracy };
  }
}

/**
 * How the device judges an answer's position against the site, with the shared geofence code the
 * server uses: what the runner shows while the answer waits on the device. Null when the task
 * does not check location or the site has no geofence.
 */
export function deviceJudgement(detail: ScheduleDetail, fix: Fix | null): LocationStatus | null {
  const site = { ...detail.site, polygon: detail.site.polygon ?? null };
  return judgeLocation(detail.task.geoRestrictionEnabled, site, fix ?? {}, detail.task.accuracyThreshold ?? null).status;
}

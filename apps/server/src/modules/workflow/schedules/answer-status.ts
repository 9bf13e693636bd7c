// The pure rules of answering (DESIGN §6, §7): the geofence, which actions a schedule still
// requires given its answers, the status a schedule moves to, and when an answer captured on the
// device may still be taken. No database here, so the service and the schedule lists share one
// definition.
import type { ActionType, LocationStatus, ScheduleStatus } from '@fieldops/shared/enums';
import { CAPTURE_CLOCK_SKEW_MS, MAX_CAPTURE_AGE_MS } from '@fieldops/shared/limits';
import type { AnswerValue } from '@fieldops/shared/answers';
import { judgeLocation, type Fix, type SiteArea } from '@fieldops/shared/geofence';
import { requiredVisibleActionIds, resolveVisibility, type ActionCriteria, type RuleAction, type RuleAnswer, type RuleSection } from '@fieldops/shared/tasks';

/** A site as the geofence reads it, with the task's accuracy threshold (null: the site's radius). */
export interface Site extends SiteArea {
  accuracyThreshold: number | null;
}

/**
 * Where an answer was given relative to the site (shared geofence.ts judges it, as the device
 * does). When the task restricts answers to the site and the site has a geofence, an answer that
 * is not inside is outside the count: kept, never counted, whether it was outside or its position
 * unverified (none, or a fix less precise than the threshold). Reports count what was proven at
 * the site, and neither is.
 */
export function geofence(
  geoRestrictionEnabled: boolean,
  site: Site,
  position: Fix,
): { distance: number | null; locationStatus: LocationStatus | null; outside: boolean } {
  const { distance, status } = judgeLocation(geoRestrictionEnabled, site, position, site.accuracyThreshold);
  return { distance, locationStatus: status, outside: status !== null && status !== 'INSIDE' };
}

/** An answer as chain rules read it: only yes/no and choice answers can drive a rule. */
export function ruleAnswerOf(value: AnswerValue | undefined): RuleAnswer {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value;
  return null;
}

export interface StoredRuleAction {
  id: number;
  type: string;
  required: boolean;
  criteria: ActionCriteria | null;
  sectionId: number | null;
}

/** A task's actions and sections as chain rules read them. */
export interface RuleSet {
  actions: RuleAction[];
  sections: RuleSection[];
}

export const asRuleActions = (rows: readonly StoredRuleAction[]): RuleAction[] =>
  rows.map((r) => ({ id: r.id, type: r.type as ActionType, required: r.required, criteria: r.criteria, sectionId: r.sectionId }));

/** The latest answers by action, as chain rules read them. */
export function answersByAction(rows: readonly { actionId: number; value: AnswerValue | null }[]): Record<number, RuleAnswer> {
  const answers: Record<number, RuleAnswer> = {};
  for (const row of rows) answers[row.actionId] = ruleAnswerOf(row.value);
  return answers;
}

/**
 * How far a schedule is: of the required actions still displayed, how many have a counted
 * answer. Optional answers do not count, so progress never reads "7 of 6".
 */
export function progressOf({ actions, sections }: RuleSet, counted: Readonly<Record<number, RuleAnswer>>) {
  const required = requiredVisibleActionIds(actions, counted, sections);
  const answered = required.filter((id) => id in counted).length;
  const complete = required.every((id) => id in counted);
  return { answered, required: required.length, complete };
}

/** Whether an action is hidden by the chain rules given these answers. */
export const isHidden = ({ actions, sections }: RuleSet, answers: Readonly<Record<number, RuleAnswer>>, actionId: number) =>
  resolveVisibility(actions, answers, sections).get(actionId) === 'HIDDEN';

/**
 * The status after a counted answer: done once every required displayed action has a counted
 * answer (late when that work was finished at or after the on-time deadline, in the plan's grace
 * window), else in progress. A later answer that reveals another required action takes a finished
 * schedule back to in progress until that one is answered too. Once the schedule has closed
 * (an answer captured in time and delivered late), an incomplete schedule is missed: it stays so
 * until a late answer completes it, rather than showing in progress until the engine's next pass.
 */
export const statusAfterCountedAnswer = (complete: boolean, closed = false, finishedLate = false): ScheduleStatus => {
  if (complete) return finishedLate ? 'late' : 'done';
  return closed ? 'missed' : 'inProgress';
};

/** Whether work finished at `completedAt` came after the schedule's on-time deadline (its plan's grace). */
export const finishedInGrace = (schedule: { dueAt: Date | null }, completedAt: Date | null) =>
  schedule.dueAt !== null && completedAt !== null && completedAt.getTime() >= schedule.dueAt.getTime();

/** When a schedule takes answers: from its start until its deadline. */
export interface AnswerWindow {
  start: Date;
  deadline: Date;
}

/**
 * Open at `at`: started and before its deadline. Whatever the status: a schedule marked missed
 * still takes an answer captured before its deadline that arrives later.
 */
export const isOpen = (schedule: AnswerWindow, at: Date) => schedule.start.getTime() <= at.getTime() && at.getTime() < schedule.deadline.getTime();

/** Why an answer captured at one moment and arriving at another is refused. */
export type CaptureRefusal = 'future' | 'beforeOpen' | 'closed' | 'tooOld';

/**
 * The window is judged on the moment the answer was captured, not the one it arrives: a capture
 * later than the server's clock by more than the skew allowance, before the start, at or after the
 * deadline, or older than MAX_CAPTURE_AGE_MS is refused; anything else is taken, however late.
 */
export function captureRefusal(schedule: AnswerWindow, capturedAt: Date, now: Date): CaptureRefusal | null {
  const captured = capturedAt.getTime();
  if (captured > now.getTime() + CAPTURE_CLOCK_SKEW_MS) return 'future';
  if (captured < schedule.start.getTime()) return 'beforeOpen';
  if (captured >= schedule.deadline.getTime()) return 'closed';
  if (captured < now.getTime() - MAX_CAPTURE_AGE_MS) return 'tooOld';
  return null;
}

/**
 * When a complete schedule was done: the latest capture among the counted answers to its required
 * displayed actions (of all its counted answers when it requires none). Answers that arrive out of
 * order still give the moment the work was finished.
 */
export function completedAtOf({ actions, sections }: RuleSet, latest: readonly { actionId: number; value: AnswerValue | null; capturedAt: Date }[]) {
  const required = new Set(requiredVisibleActionIds(actions, answersByAction(latest), sections));
  const counted = required.size > 0 ? latest.filter((a) => required.has(a.actionId)) : latest;
  return counted.length > 0 ? new Date(Math.max(...counted.map((a) => a.capturedAt.getTime()))) : null;
}

/** What proves the capture time of an answer delivered after its schedule's deadline. */
export interface LateEvidence {
  /** When the member's device first received the schedule in full, or null if it never did. */
  handedAt: Date | null;
  /** Hours after the deadline within which a late delivery may count (the business's setting). */
  lateAnswerHours: number;
}

/**
 * Whether an answer arriving at `now` with this capture time counts. One that arrives before the
 * deadline counts as ever. One that arrives at or after it counts only when its capture time is
 * credible: it arrives within the business's allowance after the deadline, and the device held
 * the schedule when it says the answer was captured (its first full read, less the clock skew
 * allowed for the device's clock). Otherwise the answer is kept, never counted.
 */
export function lateDeliveryCounts(window: AnswerWindow, capturedAt: Date, now: Date, evidence: LateEvidence): boolean {
  const deadline = window.deadline.getTime();
  if (now.getTime() < deadline) return true;
  if (now.getTime() - deadline > evidence.lateAnswerHours * 3_600_000) return false;
  return evidence.handedAt !== null && capturedAt.getTime() >= evidence.handedAt.getTime() - CAPTURE_CLOCK_SKEW_MS;
}

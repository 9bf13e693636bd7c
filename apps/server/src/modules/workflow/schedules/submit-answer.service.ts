// Submitting an answer (DESIGN §6, §7): a member answers an action of their own open schedule.
// The files stream into storage as the form is read, before the checks; when anything then fails
// they leave it again (lib/uploads.ts). The transaction locks the schedule row, inserts the answer
// and moves the schedule pending → inProgress → done, so two answers at once cannot lose a
// transition; after its deadline (a late delivery), missed → done once complete, else it stays
// missed.
//
// An answer the device's outbox delivers later carries `capturedAt`, and its window is judged on
// that moment, not its arrival (answer-status.ts captureRefusal). Delivered after the deadline, it
// counts (even to a schedule already marked missed) only while the business still counts late
// answers and when the member's device held the schedule at the claimed capture time; otherwise it
// is kept as held (UNPROVEN) and not counted. While the plan is paused it is kept as held too, and
// for a schedule a plan change removed meanwhile it is kept apart in held_answers for the manager (202).
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import { actionResultFields, validAnswerValue } from '@fieldops/shared/answers';
import { FILE_ACTION_TYPES } from '@fieldops/shared/enums';
import { photoTimeMismatch } from '@fieldops/shared/evidence';
import { CAPTURE_CLOCK_SKEW_MS } from '@fieldops/shared/limits';
import { evidenceOf } from '@fieldops/shared/inspection-score';
import { type HeldAnswerResult, type SubmitResult } from '@fieldops/shared/schedules';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { notifyNewAnswer } from '../../../lib/answer-notices.ts';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { keepUploads } from '../../../lib/uploads.ts';
import type { Caller } from '../../../policies/caller.ts';
import { viewScopeOf } from '../../../policies/schedules.ts';
import { actionRowOf } from '../actions/actions.service.ts';
import { isFinished } from '@fieldops/shared/enums';
import { findAnswer, findAnswerAsGiven, insertAnswer, latestAnswersOf } from '../action-results/action-results.service.ts';
import { PHOTO_FIELD, readAnswerForm, VOICE_FIELD, type AnswerForm } from './answer-files.ts';
import {
  answersByAction,
  captureRefusal,
  completedAtOf,
  geofence,
  isHidden,
  isOpen,
  lateDeliveryCounts,
  progressOf,
  statusAfterCountedAnswer,
  finishedInGrace,
  type AnswerWindow,
  type RuleSet,
} from './answer-status.ts';
import { findRemovedSchedule, insertHeldAnswer } from './held-answers.repository.ts';
import { findRuleSets, findScheduleState, updateScheduleStatus, type ScheduleState } from './schedules.repository.ts';
import { scoreOfAnswers, writeScheduleScore } from './schedule-scores.ts';
import { findVersion, pinVersion, type TaskVersion } from '../actions/task-versions.service.ts';
import { ruleSetOfVersion, versionActionOf } from '../actions/answered-task.service.ts';
import { requireSchedule, visibleSchedules, withCalculations } from './schedules.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { queuePhotoCheck } from '../photo-reviews/photo-reviews.service.ts';

type AnswerFields = z.output<typeof actionResultFields>;
/** What the checks of an answer read of its action: the pinned version's, or the task's own before the first answer. */
type AnsweredAction = Pick<NonNullable<Awaited<ReturnType<typeof actionRowOf>>>, 'id' | 'nameEn' | 'nameAr' | 'type' | 'options' | 'settings' | 'rules'>;

/** An action of the task as it is now, or undefined when the business's task has no such action. */
async function taskActionOf(db: Db, businessId: number, taskId: number, actionId: number): Promise<AnsweredAction | undefined> {
  const row = await actionRowOf(db, businessId, actionId);
  return row && row.taskId === taskId ? row : undefined;
}

function parseFields(fields: Record<string, string>): AnswerFields {
  const parsed = actionResultFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
  throw badRequest(fieldErrors[0]?.message ?? MSG.invalid, fieldErrors);
}

/**
 * Refuses an answer captured outside the schedule's window, or too far from the server's clock.
 * Without a capture time the answer is captured now, and a schedule not open now is refused as
 * such.
 */
function requireInWindow(window: AnswerWindow, capturedAt: Date | undefined, now: Date) {
  if (!capturedAt) {
    if (!isOpen(window, now)) throw conflict(MSG.scheduleNotOpen);
    return;
  }
  switch (captureRefusal(window, capturedAt, now)) {
    case 'future':
      throw fieldError('capturedAt', MSG.capturedInFuture);
    case 'beforeOpen':
      throw fieldError('capturedAt', MSG.capturedBeforeOpen);
    case 'closed':
      throw conflict(MSG.scheduleNotOpen);
    case 'tooOld':
      throw fieldError('capturedAt', MSG.capturedTooLate);
    case null:
      return;
  }
}

/**
 * Refuses what may not be answered: not the caller's own, paused, or captured outside the window.
 * A paused plan refuses an answer given now, but one that waited in the device's outbox is kept
 * and held: the answer is 'PAUSED' then. One delivered after the deadline whose capture time
 * nothing proves is kept and held too: 'UNPROVEN'.
 */
function requireAnswerable(state: ScheduleState, caller: Caller, capturedAt: Date | undefined, now: Date) {
  if (state.userId !== caller.userId) throw forbidden(MSG.scheduleNotYours);
  if (state.paused && !capturedAt) throw conflict(MSG.planPausedToday);
  requireInWindow(state, capturedAt, now);
  if (state.paused) return 'PAUSED' as const;
  if (capturedAt && !lateDeliveryCounts(state, capturedAt, now, state)) return 'UNPROVEN' as const;
  return null;
}

/**
 * Refuses a value that does not fit the action's type and settings, a photo, signature or voice
 * action without its file, and an answer without the evidence its rules ask for (a photo, a note).
 * Answers what the rules ask of the answer, its flag included.
 */
function requireFitting(action: AnsweredAction, body: AnswerFields, form: AnswerForm) {
  if (!validAnswerValue(action.type, body.value, action.options.length, action.settings)) throw fieldError('value', MSG.answerInvalid);
  if (FILE_ACTION_TYPES.includes(action.type) && !form.photo)
    throw fieldError(PHOTO_FIELD, action.type === 'SIGNATURE' ? MSG.signatureRequired : MSG.photoRequired);
  if (action.type === 'VOICE' && !form.voice) throw fieldError(VOICE_FIELD, MSG.voiceRequired);
  // Camera only: the device must say the photo came from the page's live camera. It is the device
  // that says so; the server cannot tell a captured frame from any other JPEG (docs/SECURITY.md).
  if (action.type === 'PHOTO' && action.settings.cameraOnly && body.photoSource !== 'CAMERA') throw fieldError('photoSource', MSG.photoNeedsCamera);
  const evidence = evidenceOf(action, body.value);
  if (evidence.photo && !form.photo) throw fieldError(PHOTO_FIELD, MSG.answerNeedsPhoto);
  if (evidence.note && !body.notes) throw fieldError('notes', MSG.answerNeedsNote);
  return evidence;
}

/**
 * Refuses a photo time (when the member took or picked the photo on the device) later than the
 * server's clock by more than the skew allowance, before the schedule's start, or after the
 * answer's capture time (now when it has none).
 */
function requirePhotoPickedInWindow(window: AnswerWindow, body: AnswerFields, now: Date) {
  const picked = body.photoPickedAt?.getTime();
  if (picked === undefined) return;
  const captured = (body.capturedAt ?? now).getTime();
  if (picked > now.getTime() + CAPTURE_CLOCK_SKEW_MS || picked < window.start.getTime() || picked > captured)
    throw fieldError('photoPickedAt', MSG.photoPickedOutOfRange);
}

/**
 * What the device said of the answer's photo, and whether its metadata time is far from the
 * moment the photo was taken or picked on the device (the capture time when the device did not say).
 */
function photoEvidence(body: AnswerFields, hasPhoto: boolean) {
  if (!hasPhoto) return { photoSource: null, photoTakenAt: null, photoTimeMismatch: false };
  const takenAt = body.photoTakenAt ?? null;
  const pickedAt = body.photoPickedAt ?? body.capturedAt ?? new Date();
  return { photoSource: body.photoSource ?? null, photoTakenAt: takenAt, photoTimeMismatch: photoTimeMismatch(takenAt, pickedAt) };
}

/**
 * Moves a locked schedule after an answer of it, by `userId`, came to count (given at the site, or
 * overridden since): its status from its counted answers, and its score once finished.
 */
export async function moveOnCountedAnswer(tx: Db, businessId: number, userId: number, locked: ScheduleState, ruleSet: RuleSet, version: TaskVersion) {
  const latest = await latestAnswersOf(tx, businessId, [locked.id], true);
  const { complete } = progressOf(ruleSet, answersByAction(latest));
  const completedAt = complete ? completedAtOf(ruleSet, latest) : null;
  const status = statusAfterCountedAnswer(complete, Date.now() >= locked.deadline.getTime(), finishedInGrace(locked, completedAt));
  if (status !== locked.status) await updateScheduleStatus(tx, locked.id, status, completedAt);
  // Only a finished inspection keeps its score, so the reports average finished ones alone.
  const score = isFinished(status) ? scoreOfAnswers(version, latest) : null;
  if (score) await writeScheduleScore(tx, { ...locked, businessId, userId }, version, score);
  // An inspection passes or fails once, when its answers finish it (webhooks carry the result).
  if (score && score.passed !== null && status !== locked.status) {
    await recordEvent(tx, {
      businessId,
      kind: score.passed ? 'inspection.passed' : 'inspection.failed',
      actorId: userId,
      data: {
        target: { type: 'schedule', id: locked.id, name: version.content.nameEn ?? version.content.nameAr },
        after: {
          scheduleId: locked.id,
          taskId: locked.taskId,
          siteId: locked.teamId,
          siteName: locked.siteName,
          memberId: locked.userId,
          percent: score.percent,
          passMark: version.content.passMark ?? null,
          passed: score.passed,
        },
      },
    });
  }
}

export async function submitAnswer(app: FastifyInstance, caller: Caller, parts: AsyncIterableIterator<Multipart>): Promise<SubmitResult | HeldAnswerResult> {
  const { db } = app;
  const form = await readAnswerForm(parts);
  const body = parseFields(form.fields);
  const { businessId } = caller;

  const scope = await viewScopeOf(db, caller);
  const visible = visibleSchedules(scope);
  const state = await findScheduleState(db, businessId, body.scheduleId, scope.timeZone, visible);
  if (!state) {
    if (body.capturedAt) return holdForRemovedSchedule(db, caller, body, body.capturedAt, form, parts);
    throw notFound(MSG.scheduleNotFound);
  }
  // What does not exist for this caller is refused as such before any question of timing. Once a
  // first answer pinned the task's version, the schedule is answered with that version's actions
  // and rules, whatever the task has become since (actions/answered-task.service.ts).
  const version = state.taskVersionId !== null ? await findVersion(db, businessId, state.taskVersionId) : null;
  const action = version ? versionActionOf(version, body.actionId) : await taskActionOf(db, businessId, state.taskId, body.actionId);
  if (!action) throw fieldError('actionId', MSG.actionNotInSchedule);
  requireAnswerable(state, caller, body.capturedAt, new Date());
  if (form.photo) requirePhotoPickedInWindow(state, body, new Date());
  const evidence = requireFitting(action, body, form);

  const ruleSet = version
    ? ruleSetOfVersion(version)
    : ((await findRuleSets(db, businessId, [state.taskId])).get(state.taskId) ?? { actions: [], sections: [] });
  // The runner shows what the member's answers so far reveal, counted or not; an action those
  // answers hide is not asked, so an answer to it is refused.
  const given = answersByAction(await latestAnswersOf(db, businessId, [state.id], false));
  if (isHidden(ruleSet, given, action.id)) throw fieldError('actionId', MSG.answerInvalid);

  const place = geofence(state.geoRestrictionEnabled, state, body);
  const { photo, voice } = form;
  // An answer whose rule raises a flag is flagged as if the member had marked it.
  const flagged = body.important || evidence.flag;
  const resultId = await db.transaction(async (tx) => {
    const locked = await findScheduleState(tx, businessId, state.id, scope.timeZone, visible, true);
    // The deadline may have passed, the plan been paused or the schedule removed while the files
    // were stored.
    if (!locked) return null;
    const held = requireAnswerable(locked, caller, body.capturedAt, new Date());
    const id = await insertAnswer(tx, {
      businessId,
      scheduleId: state.id,
      actionId: action.id,
      taskId: state.taskId,
      teamId: state.teamId,
      userId: caller.userId,
      value: body.value,
      notes: body.notes,
      fileKey: photo?.key ?? null,
      voiceKey: voice?.key ?? null,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      accuracy: body.accuracy ?? null,
      distance: place.distance,
      outside: place.outside,
      locationStatus: place.locationStatus,
      isFlagged: flagged,
      // Without a capture time, the moment it is stored (the column's default, as created_date).
      ...(body.capturedAt ? { capturedAt: body.capturedAt } : {}),
      held,
      ...photoEvidence(body, photo !== null),
    });
    // The first answer holds the schedule to the task as it is now (its version).
    const version = await pinVersion(tx, businessId, locked);
    // An answer from outside the site, or held, is kept but never moves the schedule or its score.
    if (!place.outside && !held) await moveOnCountedAnswer(tx, businessId, caller.userId, locked, ruleSet, version);
    if (flagged) await recordEvent(tx, { businessId, kind: 'answer.flagged', actorId: caller.userId, data: { teamId: state.teamId, scheduleId: state.id } });
    await recordEvent(tx, {
      businessId,
      kind: 'answer.submitted',
      actorId: caller.userId,
      data: {
        target: { type: 'answer', id, name: action.nameEn ?? action.nameAr },
        after: {
          answerId: id,
          scheduleId: state.id,
          actionId: action.id,
          taskId: state.taskId,
          siteId: state.teamId,
          siteName: state.siteName,
          flagged,
          held,
          outside: place.outside,
        },
      },
    });
    // The photo is hashed and compared with the business's others in the background.
    if (photo) await queuePhotoCheck(tx, businessId, id);
    // Delivered to the live feed when this transaction commits, never if it rolls back; last,
    // as the business's next answer waits from here to the commit (lib/answer-notices.ts).
    await notifyNewAnswer(tx, businessId, id);
    return id;
  });
  if (resultId === null) {
    if (body.capturedAt) return holdForRemovedSchedule(db, caller, body, body.capturedAt, form, parts);
    throw notFound(MSG.scheduleNotFound);
  }
  // The answer row holds the files now: reading it back may fail, but must not remove them.
  keepUploads(parts);

  // Read with the action as the version has it: the task may have lost it since.
  const asGiven = version
    ? { id: action.id, nameEn: action.nameEn, nameAr: action.nameAr, type: action.type, options: action.options, settings: action.settings }
    : null;
  const [result, schedule] = await Promise.all([
    asGiven ? findAnswerAsGiven(db, businessId, resultId, asGiven) : findAnswer(db, businessId, resultId),
    requireSchedule(db, scope, state.id),
  ]);
  if (!result) throw new AppError(500, MSG.serverError);
  const [calculated] = await withCalculations(db, businessId, [schedule]);
  return { result, schedule: must(calculated, 'withCalculations answers one schedule per schedule given') };
}

/**
 * An answer from the device's outbox to a schedule that no longer exists: when a plan change
 * removed it and it was the caller's own, the answer is judged against its window as any other
 * and kept apart, with its files, for the manager. Any other id is unknown (404), whoever's it was.
 */
async function holdForRemovedSchedule(
  db: Db,
  caller: Caller,
  body: AnswerFields,
  capturedAt: Date,
  form: AnswerForm,
  parts: AsyncIterableIterator<Multipart>,
): Promise<HeldAnswerResult> {
  const { businessId } = caller;
  const removed = await findRemovedSchedule(db, businessId, body.scheduleId, caller.userId);
  if (!removed) throw notFound(MSG.scheduleNotFound);
  const action = await taskActionOf(db, businessId, removed.taskId, body.actionId);
  if (!action) throw fieldError('actionId', MSG.actionNotInSchedule);
  requireInWindow(removed, capturedAt, new Date());
  const evidence = requireFitting(action, body, form);
  const id = await insertHeldAnswer(db, {
    businessId,
    userId: caller.userId,
    scheduleId: removed.id,
    actionId: action.id,
    value: body.value,
    notes: body.notes,
    important: body.important || evidence.flag,
    fileKey: form.photo?.key ?? null,
    voiceKey: form.voice?.key ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    accuracy: body.accuracy ?? null,
    capturedAt,
    reason: 'REMOVED',
  });
  keepUploads(parts);
  return { held: 'REMOVED', id, message: MSG.answerHeldRemoved };
}

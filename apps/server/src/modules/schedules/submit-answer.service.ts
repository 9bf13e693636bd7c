// Submitting an answer (DESIGN §6, §7): a member answers an action of their own open schedule.
// The files stream into storage as the form is read, before the checks; when anything then fails
// they leave it again (lib/uploads.ts). The transaction locks the schedule row, inserts the answer
// and moves the schedule pending → inProgress → done, so two answers at once cannot lose a
// transition.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@fieldops/shared/messages';
import { actionResultFields, validAnswerValue } from '@fieldops/shared/answers';
import { type SubmitResult } from '@fieldops/shared/schedules';
import { must } from '@fieldops/shared/must';
import { notifyNewAnswer } from '../../lib/answer-notices.ts';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { keepUploads } from '../../lib/uploads.ts';
import type { Caller } from '../../policies/caller.ts';
import { viewScopeOf } from '../../policies/schedules.ts';
import { actionRowOf } from '../actions/actions.service.ts';
import { findAnswer, insertAnswer, latestAnswersOf } from '../action-results/action-results.service.ts';
import { PHOTO_FIELD, readAnswerForm, VOICE_FIELD } from './answer-files.ts';
import { answersByAction, asRuleActions, geofence, isHidden, isOpen, progressOf, statusAfterCountedAnswer } from './answer-status.ts';
import { findRuleActions, findScheduleState, updateScheduleStatus, type ScheduleState } from './schedules.repository.ts';
import { requireSchedule, visibleSchedules, withCalculations } from './schedules.service.ts';

/** Refuses what may not be answered now: not the caller's own, paused, or not open. */
function requireAnswerable(state: ScheduleState, caller: Caller, now: Date) {
  if (state.userId !== caller.userId) throw forbidden(MSG.scheduleNotYours);
  if (state.paused) throw conflict(MSG.planPausedToday);
  if (!isOpen(state, now)) throw conflict(MSG.scheduleNotOpen);
}

export async function submitAnswer(app: FastifyInstance, caller: Caller, parts: AsyncIterableIterator<Multipart>): Promise<SubmitResult> {
  const { db } = app;
  const form = await readAnswerForm(parts);
  const parsed = actionResultFields.safeParse(form.fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    throw badRequest(fieldErrors[0]?.message ?? MSG.invalid, fieldErrors);
  }
  const body = parsed.data;
  const { businessId } = caller;

  const scope = await viewScopeOf(db, caller);
  const visible = visibleSchedules(scope);
  const state = await findScheduleState(db, businessId, body.scheduleId, scope.timeZone, visible);
  if (!state) throw notFound(MSG.scheduleNotFound);
  // What does not exist for this caller is refused as such before any question of timing.
  const action = await actionRowOf(db, businessId, body.actionId);
  if (!action || action.taskId !== state.taskId) throw fieldError('actionId', MSG.actionNotInSchedule);
  requireAnswerable(state, caller, new Date());
  if (!validAnswerValue(action.type, body.value, action.options.length)) throw fieldError('value', MSG.answerInvalid);
  if (action.type === 'PHOTO' && !form.photo) throw fieldError(PHOTO_FIELD, MSG.photoRequired);
  if (action.type === 'VOICE' && !form.voice) throw fieldError(VOICE_FIELD, MSG.voiceRequired);

  const ruleActions = asRuleActions(await findRuleActions(db, businessId, [state.taskId]));
  // The runner shows what the member's answers so far reveal, counted or not; an action those
  // answers hide is not asked, so an answer to it is refused.
  const given = answersByAction(await latestAnswersOf(db, businessId, [state.id], false));
  if (isHidden(ruleActions, given, action.id)) throw fieldError('actionId', MSG.answerInvalid);

  const place = geofence(state.geoRestrictionEnabled, state, body);
  const { photo, voice } = form;
  const resultId = await db.transaction(async (tx) => {
    const locked = await findScheduleState(tx, businessId, state.id, scope.timeZone, visible, true);
    // The deadline may have passed, or the plan been paused, while the files were stored.
    if (!locked) throw notFound(MSG.scheduleNotFound);
    requireAnswerable(locked, caller, new Date());
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
      isFlagged: body.important,
    });
    // Delivered to the live feed when this transaction commits, never if it rolls back.
    await notifyNewAnswer(tx, businessId, id);
    // An answer from outside the site is kept but never moves the schedule.
    if (place.outside) return id;
    const counted = answersByAction(await latestAnswersOf(tx, businessId, [state.id], true));
    const status = statusAfterCountedAnswer(progressOf(ruleActions, counted).complete);
    if (status !== locked.status) await updateScheduleStatus(tx, state.id, status, status === 'done' ? new Date() : null);
    return id;
  });
  // The answer row holds the files now: reading it back may fail, but must not remove them.
  keepUploads(parts);

  const [result, schedule] = await Promise.all([findAnswer(db, businessId, resultId), requireSchedule(db, scope, state.id)]);
  if (!result) throw new AppError(500, MSG.serverError);
  const [calculated] = await withCalculations(db, businessId, [schedule]);
  return { result, schedule: must(calculated, 'withCalculations answers one schedule per schedule given') };
}

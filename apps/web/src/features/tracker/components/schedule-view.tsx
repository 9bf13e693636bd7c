// One schedule on the runner page. When the caller may answer: where they stand against the
// site's area, the actions with the chain rules applied live, "Mark as important", and the
// sticky submit bar; drafts live here, so a failed upload or a refetch loses nothing typed,
// chosen or recorded. An answer kept from outside the site's area is shown as not counted and
// the action stays open, so the member can answer again from inside; only counted answers make
// the schedule's progress and "all saved". Otherwise: why not, and the answers given so far.
// An answer changed draws again the runner, its changed row and the submit bar when what it says
// changes; the header and the geofence notice keep their props and are not drawn again.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import type { RunnerSchedule } from '../api/get-schedule.ts';
import { emptyAnswer, isCounted, isLocked, isReady, type AnswerDrafts, type RunnerAction } from '../../../components/task-runner/answers.ts';
import { TaskRunner, runnerState, type RunnerSection } from '../../../components/task-runner/task-runner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useGeolocation } from '../../../lib/geolocation.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';
import { AnswerSummary } from './answer-summary.tsx';
import type { FromTracker } from './from-tracker.ts';
import { GeofenceNotice } from './geofence-notice.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ReadOnlyView } from './read-only-view.tsx';
import { geofenceCheck, heldAnswers, mergeStates, readOnlyReason, savedDrafts } from './runner-rules.ts';
import { ScheduleHeader } from './schedule-header.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { useAnswerSubmission } from './use-answer-submission.ts';

const NO_SECTIONS: RunnerSection[] = [];

/**
 * `backTo`: where the way back leads, the tracker list the member came from unless given (a
 * kiosk's); `withReportLink`: false where the inspection report cannot be opened (a kiosk).
 */
export function ScheduleView({ detail, backTo, withReportLink = true }: { detail: RunnerSchedule; backTo?: string; withReportLink?: boolean }) {
  const { t, i18n } = useTranslation();
  const { account } = useSession();
  const location = useLocation();
  const from = location.state as FromTracker | null;
  const name = localizedName(detail.task, currentLanguage(i18n)) || t('tracker.untitled');
  const geo = useGeolocation({ enabled: detail.canAnswer });
  const submission = useAnswerSubmission({ detail, locate: geo.refresh });
  const [drafts, setDrafts] = useState<AnswerDrafts>({});

  // A counted answer the server holds wins over what is on the device and is never sent again;
  // one kept from outside the site's area can be replaced by a fresh draft.
  const held = useMemo(() => heldAnswers(detail.answers), [detail.answers]);
  const states = useMemo(() => mergeStates(held, submission.states), [held, submission.states]);
  // What waits on the device comes back after a reload; what the member types since goes over it.
  // The saved answers keep their drafts from one keystroke to the next, so their rows stay still.
  const saved = useMemo(() => savedDrafts(held.counted), [held]);
  const answers = useMemo(() => ({ ...submission.drafts, ...drafts, ...saved }), [submission.drafts, drafts, saved]);
  const actions = detail.task.actions;
  // A copy kept on the device before tasks had sections has none.
  const sections = detail.task.sections ?? NO_SECTIONS;
  const runner = useMemo(() => runnerState(actions, answers, states, sections), [actions, answers, states, sections]);
  const toSend = useMemo(
    () => actions.filter((action) => runner.visibility.get(action.id) !== 'HIDDEN' && isReady(action, answers[action.id]) && !isLocked(states[action.id])),
    [actions, runner, answers, states],
  );
  const failed = toSend.filter((action) => states[action.id]?.status === 'failed').length;
  const anySaved = Object.values(states).some((state) => state.status === 'saved');
  const anyCounted = Object.values(states).some(isCounted);
  const allSaved = toSend.length === 0 && anyCounted && runner.requiredIds.every((id) => isCounted(states[id]));
  // Kept without counting, as the server judged it: from outside the site's area, or from a position it could not verify.
  const keptAfter = Object.values(submission.states).filter((state) => state.status === 'saved' && state.outside);
  const outsideAfter = keptAfter.some((state) => state.status === 'saved' && state.locationStatus !== 'UNVERIFIED');
  const unverifiedAfter = keptAfter.some((state) => state.status === 'saved' && state.locationStatus === 'UNVERIFIED');
  // Answers kept in the outbox are safe on the device; only those not yet submitted would be lost.
  const unsent = toSend.length > 0;

  // Closing or reloading the tab with answers not yet sent asks first.
  useEffect(() => {
    if (!unsent) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  const send = async (batch: readonly RunnerAction[]) => {
    const outcome = await submission.send(batch, answers);
    if (!outcome) return;
    // What was sent from outside is kept on the server (and shown as not counted); the input
    // starts afresh, so the same answer is not offered again as ready to send.
    if (outcome.outsideIds.length > 0) {
      setDrafts((current) => {
        const next = { ...current };
        for (const id of outcome.outsideIds) next[id] = emptyAnswer();
        return next;
      });
    }
    if (outcome.outside) {
      const unverifiedOnly = outcome.unverifiedIds.length === outcome.outsideIds.length;
      notifications.show({
        color: 'orange',
        message: unverifiedOnly ? t('tracker.geofence.afterUnverified') : translateMessage(MSG.answerOutside),
        autoClose: 8000,
      });
    }
    // Answers kept from outside are not counted, so they are not announced as saved.
    const counted = outcome.saved - outcome.outsideIds.length;
    if (outcome.queued > 0)
      notifications.show({
        color: 'blue',
        message: t('tracker.outbox.queuedToast', { value: formatNumber(outcome.queued, currentLanguage(i18n)) }),
        autoClose: 6000,
      });
    if (counted > 0 && outcome.failed === 0 && outcome.queued === 0)
      notifySuccess(t('tracker.submit.savedToast', { value: formatNumber(counted, currentLanguage(i18n)) }));
  };

  const onSubmit = useStableCallback(() => void (toSend.length > 0 ? send(toSend) : submission.resend()));
  const onRetry = useStableCallback((actionId: number) => {
    const action = actions.find((item) => item.id === actionId);
    if (action) void send([action]);
  });
  const geofence = useMemo(() => geofenceCheck(detail, geo.state), [detail, geo.state]);
  const { refresh: locate } = geo;
  const onLocate = useCallback(() => void locate(), [locate]);

  const renderSaved = useCallback(
    (action: RunnerAction) => {
      const answer = held.counted.get(action.id);
      return answer ? <AnswerSummary answer={answer} /> : null;
    },
    [held],
  );
  const renderNotCounted = useCallback(
    (action: RunnerAction) => {
      const answer = held.notCounted.get(action.id);
      // The panel around it already says it was given outside the site area.
      return answer ? <AnswerSummary answer={answer} withBadges={false} /> : null;
    },
    [held],
  );

  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <ScheduleHeader
        detail={detail}
        name={name}
        backTo={backTo ?? paths.trackerAt(from?.trackerSearch)}
        showMember={detail.userId !== account.id}
        withReport={withReportLink && detail.answers.length > 0 && !detail.copiedAt}
      />
      {detail.copiedAt ? <OfflineNotice copiedAt={detail.copiedAt} /> : null}
      {submission.refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {submission.refusal}
        </Alert>
      ) : null}
      {outsideAfter ? (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title={t('tracker.geofence.afterTitle')}>
          {translateMessage(MSG.answerOutside)}
        </Alert>
      ) : null}
      {unverifiedAfter ? (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title={t('tracker.geofence.afterUnverifiedTitle')}>
          {t('tracker.geofence.afterUnverified')}
        </Alert>
      ) : null}
      {detail.canAnswer ? (
        <>
          <GeofenceNotice check={geofence} onLocate={onLocate} />
          <TaskRunner
            actions={actions}
            sections={sections}
            answers={answers}
            onAnswersChange={setDrafts}
            withImportant
            submitStates={states}
            onRetry={onRetry}
            renderSaved={renderSaved}
            renderNotCounted={renderNotCounted}
          />
          <SubmitBar
            ready={toSend.length}
            failed={failed}
            queued={submission.queued}
            requiredLeft={runner.requiredIds.length - runner.answeredRequired}
            allSaved={allSaved}
            started={anySaved}
            progress={submission.progress}
            onSubmit={onSubmit}
          />
        </>
      ) : (
        <ReadOnlyView detail={detail} reason={readOnlyReason(detail, account.id)} />
      )}
    </Stack>
  );
}

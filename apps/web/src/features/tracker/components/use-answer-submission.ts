// Sends a schedule's answers one by one: the position is asked again first, each answer reports
// its upload progress and ends saved or failed; a failed one keeps its draft and can be sent
// again alone. A refusal that concerns the whole schedule (closed, paused, not yours) stops the
// rest. Once anything is saved, the schedule, the lists and the counters are fetched again.
import { useRef, useState } from 'react';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { must } from '@fieldops/shared/must';
import type { AnswerDrafts, RunnerAction, SubmitStates } from '../../../components/task-runner/answers.ts';
import type { GeoState } from '../../../lib/geolocation.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { useSchedulesRefresh, useSubmitAnswer } from '../api/submit-answer.ts';
import { refusesSchedule } from './runner-rules.ts';

export interface BatchProgress {
  /** The answer being sent, from 1. */
  current: number;
  count: number;
  /** Bytes sent over bytes to send, over the whole batch. */
  loaded: number;
  total: number;
}

export interface BatchOutcome {
  saved: number;
  failed: number;
  /** At least one saved answer was given outside the site's area. */
  outside: boolean;
  /** The actions whose answer was kept from outside the site's area, not counted. */
  outsideIds: number[];
}

/** The body's size before the browser tells it: the files, and a little for the text fields. */
const estimateBytes = (draft: AnswerDrafts[number]) => (draft.file?.size ?? 0) + (draft.voice?.size ?? 0) + 1024;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

interface Options {
  detail: ScheduleDetail;
  locate: () => Promise<GeoState>;
}

export function useAnswerSubmission({ detail, locate }: Options) {
  const { mutateAsync } = useSubmitAnswer();
  const refreshSchedules = useSchedulesRefresh();
  const [states, setStates] = useState<SubmitStates>({});
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const running = useRef(false);

  const setState = (actionId: number, state: SubmitStates[number]) => setStates((current) => ({ ...current, [actionId]: state }));

  /** Sends the given actions' drafts in this order. */
  const send = async (actions: readonly RunnerAction[], drafts: AnswerDrafts) => {
    if (running.current || actions.length === 0) return;
    running.current = true;
    setRefusal(null);
    setOutcome(null);
    const draftOf = (action: RunnerAction) => must(drafts[action.id], 'an action is sent with its draft');
    const totals = actions.map((action) => estimateBytes(draftOf(action)));
    const loaded = actions.map(() => 0);
    const report = (index: number) => setProgress({ current: index + 1, count: actions.length, loaded: sum(loaded), total: sum(totals) });
    report(0);

    const geo = await locate();
    const position = geo.status === 'granted' ? geo.position : null;
    const result: BatchOutcome = { saved: 0, failed: 0, outside: false, outsideIds: [] };
    let refused = false;

    for (const [index, action] of actions.entries()) {
      setState(action.id, { status: 'uploading', progress: 0 });
      report(index);
      try {
        const answer = await mutateAsync({
          scheduleId: detail.id,
          action,
          draft: draftOf(action),
          position,
          onProgress: (step) => {
            if (step.total) totals[index] = step.total;
            loaded[index] = step.loaded;
            const total = totals[index];
            setState(action.id, { status: 'uploading', progress: total ? step.loaded / total : 0 });
            report(index);
          },
        });
        loaded[index] = totals[index] ?? 0;
        result.saved += 1;
        result.outside ||= answer.result.outside;
        if (answer.result.outside) result.outsideIds.push(action.id);
        setState(action.id, { status: 'saved', outside: answer.result.outside });
      } catch (error) {
        result.failed += 1;
        const message = errorMessage(error, 'submitAnswerFailed');
        setState(action.id, { status: 'failed', message });
        if (refusesSchedule(error)) {
          refused = true;
          setRefusal(message);
          break;
        }
      }
    }

    setProgress(null);
    setOutcome(result);
    running.current = false;
    // A refusal means the schedule changed (closed, paused): the page shows why once it is fetched again.
    if (result.saved > 0 || refused) await refreshSchedules();
    return result;
  };

  return { states, progress, outcome, refusal, send, sending: progress !== null };
}

// Sends a schedule's answers through the outbox (lib/offline/outbox.ts): the position is asked
// again first, then every answer is kept on the device with its capture time, photos made
// smaller, and the queue is sent in order. Online, each answer reports its upload progress and
// ends saved or failed; offline, or when the network drops half-way, the rest wait on the device
// and go by themselves once it is back, even after a reload. A failed one keeps its answer and
// can be sent again alone; a refusal that concerns the whole schedule (closed, not yours) stops
// the rest. Once anything is saved, the schedule, the lists and the counters are fetched again.
import { useMemo, useRef, useState } from 'react';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { must } from '@fieldops/shared/must';
import type { AnswerDrafts, RunnerAction, SubmitState, SubmitStates } from '../../../components/task-runner/answers.ts';
import type { GeoState } from '../../../lib/geolocation.ts';
import { safeTimeZone } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { discardEntry, enqueue, flushOutbox, listOutbox } from '../../../lib/offline/outbox.ts';
import { newOutboxKey, type OutboxEntry, type OutboxFile } from '../../../lib/offline/outbox-entry.ts';
import { pageTransport } from '../../../lib/offline/outbox-transport.ts';
import { requestPersistence } from '../../../lib/offline/storage-care.ts';
import { useOutbox } from '../../../lib/offline/use-outbox.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchedulesRefresh, voiceFileName } from '../api/submit-answer.ts';
import { capturedAtOf, draftOf, photoOfDraft } from './answer-photo.ts';
import { heldMessage } from './outbox-texts.ts';
import { deviceJudgement } from './runner-rules.ts';

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
  /** Kept on the device, to be sent once the network is back. */
  queued: number;
  /** At least one saved answer was given outside the site's area. */
  outside: boolean;
  /** The actions whose answer was kept from outside the site's area, not counted. */
  outsideIds: number[];
  /** Among them, those whose position was missing or too imprecise to tell (UNVERIFIED). */
  unverifiedIds: number[];
}

interface Options {
  detail: ScheduleDetail;
  locate: () => Promise<GeoState>;
}

async function fileOf(blob: Blob, name: string): Promise<OutboxFile> {
  const bytes = await blob.arrayBuffer();
  return { name, type: blob.type, bytes, size: bytes.byteLength };
}

/** The outbox's answers of this schedule as the runner's states, newest per action, and a refusal of the whole schedule. */
function statesOf(entries: readonly OutboxEntry[], progress: ReadonlyMap<number, number>) {
  const states: SubmitStates = {};
  let refusal: string | null = null;
  for (const entry of entries) {
    const state = stateOf(entry, progress);
    states[entry.actionId] = state;
    if (entry.status === 'failed' && entry.refusesSchedule && state.status === 'failed') refusal = state.message;
  }
  return { states, refusal };
}

/** What waits on the device as the runner's drafts, so a reload shows the answers given. */
function draftsOf(entries: readonly OutboxEntry[]): AnswerDrafts {
  const drafts: AnswerDrafts = {};
  for (const entry of entries) if (entry.status !== 'sent') drafts[entry.actionId] = draftOf(entry);
  return drafts;
}

function stateOf(entry: OutboxEntry, progress: ReadonlyMap<number, number>): SubmitState {
  switch (entry.status) {
    case 'waiting':
      return { status: 'queued', message: entry.error ? translateMessage(entry.error) : null, locationStatus: entry.judged ?? null };
    case 'sending':
      return { status: 'uploading', progress: progress.get(entry.seq ?? -1) ?? 0 };
    case 'failed':
      return { status: 'failed', message: translateMessage(entry.error) };
    case 'sent':
      if (entry.outcome?.held) return { status: 'held', message: heldMessage(entry.outcome.held) };
      // The server's judgement; an outcome kept before it was read falls back on the device's.
      return { status: 'saved', outside: entry.outcome?.outside ?? false, locationStatus: entry.outcome?.locationStatus ?? entry.judged ?? null };
  }
}

export function useAnswerSubmission({ detail, locate }: Options) {
  const { account, business } = useSession();
  const outbox = useOutbox(account.id);
  const refreshSchedules = useSchedulesRefresh();
  const [batch, setBatch] = useState<number[] | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const running = useRef(false);

  const mine = useMemo(() => (outbox.entries ?? []).filter((entry) => entry.scheduleId === detail.id), [outbox.entries, detail.id]);
  const device = useMemo(() => statesOf(mine, outbox.progress), [mine, outbox.progress]);
  // Files are made again only when the queue changes, not as an upload moves.
  const drafts = useMemo(() => draftsOf(mine), [mine]);

  const progress = useMemo<BatchProgress | null>(() => {
    if (!batch) return null;
    const inBatch = batch.map((seq) => mine.find((entry) => entry.seq === seq));
    const sizes = inBatch.map((entry) => (entry ? (entry.photo?.size ?? 0) + (entry.voice?.size ?? 0) + 1024 : 0));
    const done = inBatch.map((entry, index) => {
      if (!entry || entry.status === 'sent' || entry.status === 'failed') return sizes[index] ?? 0;
      return entry.status === 'sending' ? (outbox.progress.get(entry.seq ?? -1) ?? 0) * (sizes[index] ?? 0) : 0;
    });
    const sendingAt = inBatch.findIndex((entry) => entry?.status === 'sending');
    const current =
      sendingAt >= 0 ? sendingAt + 1 : Math.min(inBatch.filter((entry) => entry?.status === 'sent' || entry?.status === 'failed').length + 1, batch.length);
    return { current, count: batch.length, loaded: done.reduce((a, b) => a + b, 0), total: sizes.reduce((a, b) => a + b, 0) };
  }, [batch, mine, outbox.progress]);

  /** Keeps the given actions' drafts on the device in this order, then sends what waits. */
  const send = async (actions: readonly RunnerAction[], drafts: AnswerDrafts): Promise<BatchOutcome | undefined> => {
    if (running.current || actions.length === 0) return undefined;
    running.current = true;
    setOutcome(null);
    try {
      const geo = await locate();
      const position = geo.status === 'granted' ? geo.position : null;
      const capturedAt = new Date().toISOString();
      const judged = deviceJudgement(detail, position);
      // A task that stamps its photos has the time, the site and the position written into each.
      const stamp = detail.task.stampPhotos
        ? { at: capturedAt, siteName: detail.site.name, position, timeZone: safeTimeZone(business.timeZone), language: currentLanguage() }
        : null;
      const entries = await Promise.all(
        actions.map(async (action): Promise<Omit<OutboxEntry, 'seq'>> => {
          const draft = must(drafts[action.id], 'an action is sent with its draft');
          // A photo made ready by an earlier try that failed is sent as it is, with its first capture time.
          const photo = await photoOfDraft(draft, stamp);
          return {
            key: newOutboxKey(),
            userId: account.id,
            businessId: business.id,
            scheduleId: detail.id,
            actionId: action.id,
            actionType: action.type,
            taskNameEn: detail.task.nameEn,
            taskNameAr: detail.task.nameAr,
            actionNameEn: action.nameEn,
            actionNameAr: action.nameAr,
            value: action.type === 'PHOTO' || action.type === 'VOICE' ? null : draft.value,
            notes: draft.notes,
            important: draft.important ?? false,
            position: position ? { latitude: position.latitude, longitude: position.longitude, accuracy: position.accuracy } : null,
            judged,
            capturedAt: capturedAtOf(draft, capturedAt),
            photo: photo ? await fileOf(photo.file, photo.file.name) : null,
            photoSource: photo ? photo.source : null,
            photoTakenAt: photo?.takenAt ?? null,
            photoPickedAt: photo ? (draft.photoPickedAt ?? null) : null,
            voice: draft.voice ? await fileOf(draft.voice, voiceFileName(draft.voice)) : null,
            status: 'waiting',
            attempts: 0,
            error: null,
            refusesSchedule: false,
            outcome: null,
            updatedAt: capturedAt,
          };
        }),
      );
      // An answer that failed before and is sent again replaces the earlier one.
      const ids = new Set(actions.map((action) => action.id));
      for (const entry of await listOutbox(account.id)) {
        if (entry.scheduleId === detail.id && ids.has(entry.actionId) && entry.status === 'failed' && entry.seq !== undefined) await discardEntry(entry.seq);
      }
      const seqs = await enqueue(entries);
      void requestPersistence();
      // Without a network they wait, and go by themselves once it is back (lib/offline/offline-keeper.tsx).
      if (navigator.onLine) {
        setBatch(seqs);
        await flushOutbox(pageTransport, account.id);
      }
      const after = (await listOutbox(account.id)).filter((entry) => entry.seq !== undefined && seqs.includes(entry.seq));
      const sent = after.filter((entry) => entry.status === 'sent');
      const result: BatchOutcome = {
        saved: sent.length,
        failed: after.filter((entry) => entry.status === 'failed').length,
        queued: after.filter((entry) => entry.status === 'waiting').length,
        outside: sent.some((entry) => entry.outcome?.outside),
        outsideIds: sent.filter((entry) => entry.outcome?.outside).map((entry) => entry.actionId),
        unverifiedIds: sent.filter((entry) => entry.outcome?.outside && entry.outcome.locationStatus === 'UNVERIFIED').map((entry) => entry.actionId),
      };
      setOutcome(result);
      // A refusal means the schedule changed (closed, paused): the page shows why once it is fetched again.
      if (result.saved > 0 || after.some((entry) => entry.refusesSchedule)) await refreshSchedules();
      return result;
    } finally {
      setBatch(null);
      running.current = false;
    }
  };

  /** Sends again what waits on the device (after a cut-off, once the member is back online). */
  const resend = async () => {
    if (running.current) return;
    running.current = true;
    try {
      setBatch(mine.filter((entry) => entry.status === 'waiting' && entry.seq !== undefined).map((entry) => entry.seq as number));
      const summary = await flushOutbox(pageTransport, account.id);
      if (summary.sent > 0 || summary.refused > 0) await refreshSchedules();
    } finally {
      setBatch(null);
      running.current = false;
    }
  };

  return {
    resend,
    queued: mine.filter((entry) => entry.status === 'waiting' || entry.status === 'sending').length,
    states: device.states,
    drafts,
    progress,
    outcome,
    refusal: device.refusal,
    send,
    sending: batch !== null,
  };
}

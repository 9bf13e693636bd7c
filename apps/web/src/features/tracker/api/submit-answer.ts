// POST /services/workflow/api/v1/action-results (multipart): one answer to one action of a
// schedule, with its notes, the important flag, the device position, and the photo (part
// `file`) or recording (part `voice`). Answers 201 with the stored answer and the schedule.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitResult } from '@fieldops/shared/schedules';
import type { AnswerDraft, RunnerAction } from '../../../components/task-runner/answers.ts';
import type { GeoPosition } from '../../../lib/geolocation.ts';
import { upload, type UploadProgress } from '../../../lib/upload.ts';
import { trackerKeys } from './tracker-keys.ts';

export interface AnswerSubmission {
  scheduleId: number;
  action: Pick<RunnerAction, 'id' | 'type'>;
  draft: AnswerDraft;
  /** Null when the browser gave none: the server then treats the answer as outside. */
  position: GeoPosition | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const VOICE_EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3' };

/** A recording's file name from its type ("audio/webm;codecs=opus" → voice.webm). */
export function voiceFileName(voice: Blob): string {
  const [type = ''] = voice.type.split(';');
  return `voice.${VOICE_EXTENSIONS[type.trim()] ?? 'webm'}`;
}

/** The multipart body of one answer; `value` travels as JSON text ("\"YES\"", "3", "[\"0\",\"2\"]"). */
export function answerForm({ scheduleId, action, draft, position }: AnswerSubmission): FormData {
  const form = new FormData();
  form.append('scheduleId', String(scheduleId));
  form.append('actionId', String(action.id));
  if (action.type !== 'PHOTO' && action.type !== 'VOICE' && draft.value !== null) {
    form.append('value', JSON.stringify(draft.value));
  }
  const notes = draft.notes.trim();
  if (notes) form.append('notes', notes);
  form.append('important', draft.important ? 'true' : 'false');
  if (position) {
    form.append('latitude', String(position.latitude));
    form.append('longitude', String(position.longitude));
    form.append('accuracy', String(position.accuracy));
  }
  if (draft.file) form.append('file', draft.file, draft.file.name);
  if (draft.voice) form.append('voice', draft.voice, voiceFileName(draft.voice));
  return form;
}

export async function submitAnswer(submission: AnswerSubmission): Promise<SubmitResult> {
  const response = await upload<SubmitResult>('/v1/action-results', answerForm(submission), {
    base: 'workflow',
    onProgress: submission.onProgress,
    signal: submission.signal,
  });
  return response.data;
}

/** Each answer is its own call; the runner sends them one after another. */
export function useSubmitAnswer() {
  return useMutation({ mutationFn: submitAnswer });
}

/**
 * After a run of answers: every schedule list, count and detail loads again, once for the run
 * rather than after each answer.
 */
export function useSchedulesRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trackerKeys.schedules });
}

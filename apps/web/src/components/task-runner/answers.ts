// The answers a member gives while running a task, and how chain rules read them: a yes/no
// answer is 'YES' or 'NO', a choice is the option's index ("0", "1", ...), several choices a
// list of indexes (packages/shared tasks.ts).
import type { ActionType, LocationStatus } from '@fieldops/shared/enums';
import type { PhotoSource } from '@fieldops/shared/photo-time';
import { evidenceOf } from '@fieldops/shared/inspection-score';
import type { Action, RuleAnswer } from '@fieldops/shared/tasks';

/** What the runner needs of an action: its words, its type and options, its rule. */
export type RunnerAction = Pick<Action, 'id' | 'type' | 'required' | 'criteria' | 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr' | 'options'> &
  Partial<Pick<Action, 'sectionId' | 'settings' | 'rules' | 'image'>>;

/** The value by type: text, a number, 'YES'/'NO', an option index or indexes, a date, stars, a done step. */
export type AnswerValue = string | string[] | number | boolean | null;

export interface AnswerDraft {
  value: AnswerValue;
  notes: string;
  /** The photo of a PHOTO action, the drawing of a SIGNATURE, or the photo an answer's rule asks for. */
  file: File | null;
  /** Where `file` came from when it is a photo: the page's camera or a file (absent: a file). */
  photoSource?: PhotoSource | null;
  /** When the photo was taken or picked on the device (ISO): the server compares the photo's own time with it. */
  photoPickedAt?: string | null;
  /**
   * Set when `file` is already made ready to send (smaller, stamped) by an earlier try that the
   * server refused: what was read of the original, and when that answer was captured. Sending it
   * again keeps both and does not prepare the photo a second time.
   */
  preparedPhoto?: PreparedPhotoFacts | null;
  /** The recording of a VOICE action. */
  voice: Blob | null;
  /** Marked important by the member: the answer is flagged (only when answering for real). */
  important?: boolean;
}

export interface PreparedPhotoFacts {
  /** When the original photo's metadata says it was taken (ISO), or null. */
  takenAt: string | null;
  /** When the answer was first captured (ISO). */
  capturedAt: string;
}

export type AnswerDrafts = Record<number, AnswerDraft>;

/**
 * Where an action's answer stands on its way to the server: kept on the device until it can be
 * sent (with why the last try did not arrive), being uploaded (progress 0..1), saved (and whether
 * it was given outside the site's area, where it is kept but not counted), kept by the server
 * without counting (the plan was paused or the schedule removed meanwhile), or failed with a text
 * to show.
 */
export type SubmitState =
  | { status: 'uploading'; progress: number }
  // `locationStatus`: how the position stands against the site, as the device judged it while the
  // answer waits, and as the server judged it once saved (null or absent when nobody judged it).
  | { status: 'queued'; message: string | null; locationStatus?: LocationStatus | null }
  | { status: 'saved'; outside?: boolean; locationStatus?: LocationStatus | null }
  | { status: 'held'; message: string }
  | { status: 'failed'; message: string };

export type SubmitStates = Record<number, SubmitState>;

/** A saved answer that counts towards completion: one given outside the site's area does not. */
export const isCounted = (state: SubmitState | undefined) => state?.status === 'saved' && !state.outside;

/**
 * An answer waiting on the device, being sent, held, or saved and counted, cannot be changed any more. One kept from outside
 * the site's area stays open: the member can answer again, e.g. once inside the site.
 */
export const isLocked = (state: SubmitState | undefined) =>
  state?.status === 'uploading' || state?.status === 'queued' || state?.status === 'held' || isCounted(state);

export const emptyAnswer = (): AnswerDraft => ({ value: null, notes: '', file: null, voice: null });

/** What an action not answered yet shows: one shared draft, so its row keeps the same props from one render to the next. */
export const EMPTY_ANSWER: Readonly<AnswerDraft> = Object.freeze(emptyAnswer());

/** Whether the action has an answer that counts (notes alone do not). */
export function isAnswered(type: ActionType, draft: AnswerDraft | undefined): boolean {
  if (!draft) return false;
  const { value } = draft;
  switch (type) {
    case 'PHOTO':
    case 'SIGNATURE':
      return draft.file !== null;
    case 'VOICE':
      return draft.voice !== null;
    case 'INSTRUCTION':
      return false;
    case 'TEXT':
    case 'DATE':
    case 'TIME':
    case 'YES_NO':
    case 'SINGLE_CHOICE':
      return typeof value === 'string' && value.trim() !== '';
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) && value.length > 0;
    case 'NUMBER':
    case 'SLIDER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'RATING':
      return typeof value === 'number' && value > 0;
    case 'CHECK':
      return value === true;
  }
}

/** What the answer's rules ask for that it does not carry yet: a photo, a note. */
export function missingEvidence(action: Pick<RunnerAction, 'type' | 'rules'>, draft: AnswerDraft | undefined): { photo: boolean; note: boolean } {
  if (!draft || !action.rules) return { photo: false, note: false };
  const asked = evidenceOf({ rules: action.rules }, draft.value);
  return { photo: asked.photo && draft.file === null, note: asked.note && draft.notes.trim() === '' };
}

/** Answered, with the evidence its rules ask for: ready to send. */
export function isReady(action: Pick<RunnerAction, 'type' | 'rules'>, draft: AnswerDraft | undefined): boolean {
  if (!isAnswered(action.type, draft)) return false;
  const missing = missingEvidence(action, draft);
  return !missing.photo && !missing.note;
}

/** The answer as chain rules compare it; only yes/no and choice answers drive rules. */
export function ruleAnswerOf(type: ActionType, draft: AnswerDraft | undefined): RuleAnswer {
  if (!draft) return null;
  const { value } = draft;
  if (type === 'MULTIPLE_CHOICE') return Array.isArray(value) ? value : null;
  if (type === 'YES_NO' || type === 'SINGLE_CHOICE') return typeof value === 'string' ? value : null;
  return null;
}

export function ruleAnswers(actions: readonly RunnerAction[], drafts: AnswerDrafts): Record<number, RuleAnswer> {
  const answers: Record<number, RuleAnswer> = {};
  for (const action of actions) answers[action.id] = ruleAnswerOf(action.type, drafts[action.id]);
  return answers;
}

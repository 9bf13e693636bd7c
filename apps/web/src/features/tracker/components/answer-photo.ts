// An answer's photo between the runner's draft and the outbox. A new photo is made ready once
// (its own time read, made smaller, stamped when the task asks: lib/photo-evidence); an answer the
// server refused comes back as a draft holding the photo as it was sent, with what was read of the
// original and when it was captured, and sending it again reuses all of it: the photo is not
// stamped twice, keeps its metadata time, and the answer keeps its capture time.
import type { AnswerDraft } from '../../../components/task-runner/answers.ts';
import type { OutboxEntry } from '../../../lib/offline/outbox-entry.ts';
import { preparePhoto, type PreparedPhoto } from '../../../lib/photo-evidence/prepare-photo.ts';
import type { StampDetails } from '../../../lib/photo-evidence/photo-stamp.ts';

/** What waits on the device as the runner's draft; a photo in it is already made ready to send. */
export function draftOf(entry: OutboxEntry): AnswerDraft {
  const file = entry.photo?.bytes ? new File([entry.photo.bytes], entry.photo.name, { type: entry.photo.type }) : null;
  const voice = entry.voice?.bytes ? new Blob([entry.voice.bytes], { type: entry.voice.type }) : null;
  return {
    value: entry.value,
    notes: entry.notes,
    important: entry.important,
    file,
    voice,
    photoSource: entry.photoSource ?? null,
    photoPickedAt: file ? (entry.photoPickedAt ?? null) : null,
    preparedPhoto: file ? { takenAt: entry.photoTakenAt ?? null, capturedAt: entry.capturedAt } : null,
  };
}

/** The draft's photo made ready to send, once: one prepared by an earlier try is taken as it is. */
export async function photoOfDraft(draft: AnswerDraft, stamp: StampDetails | null, prepare = preparePhoto): Promise<PreparedPhoto | null> {
  if (!draft.file) return null;
  const source = draft.photoSource ?? 'FILE';
  if (draft.preparedPhoto) return { file: draft.file, source, takenAt: draft.preparedPhoto.takenAt };
  return prepare(draft.file, source, stamp);
}

/** When the answer was captured: the first try's moment for one sent again with its prepared photo, else `now`. */
export const capturedAtOf = (draft: AnswerDraft, now: string) => (draft.file && draft.preparedPhoto ? draft.preparedPhoto.capturedAt : now);

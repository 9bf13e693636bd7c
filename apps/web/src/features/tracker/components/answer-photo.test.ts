// A photo answer the server refused and that is sent again: the photo is made ready (stamped) only
// the first time, and the new try keeps the photo's own time, the moment it was picked and the
// answer's capture time.
import { describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import type { AnswerDraft } from '../../../components/task-runner/answers.ts';
import { enqueue, flushOutbox, listOutbox } from '../../../lib/offline/outbox.ts';
import { outboxForm, type OutboxEntry } from '../../../lib/offline/outbox-entry.ts';
import type { PreparedPhoto } from '../../../lib/photo-evidence/prepare-photo.ts';
import type { StampDetails } from '../../../lib/photo-evidence/photo-stamp.ts';
import { makeOutboxEntry } from '../../../test/outbox.ts';
import { capturedAtOf, draftOf, photoOfDraft } from './answer-photo.ts';

const EXIF_TIME = '2026-11-26T08:58:30.000Z';
const PICKED_AT = '2026-11-26T08:59:00.000Z';
const FIRST_TRY = '2026-11-26T09:14:00.000Z';
const SECOND_TRY = '2026-11-26T09:30:00.000Z';

/** A file's bytes, read as the browser reads them (jsdom's File has no text()). */
function read(file: Blob, as: 'text'): Promise<string>;
function read(file: Blob, as: 'bytes'): Promise<ArrayBuffer>;
function read(file: Blob, as: 'text' | 'bytes'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/** A stand-in for the real preparation that counts its calls: each adds one stamp band and, like a redrawn JPEG, reads no time. */
function stamper() {
  const stamps: string[] = [];
  const prepare = async (original: File, source: 'CAMERA' | 'FILE', stamp: StampDetails | null): Promise<PreparedPhoto> => {
    stamps.push(stamp?.at ?? 'none');
    const text = `${await read(original, 'text')}|stamp ${stamp?.at}`;
    return { file: new File([text], 'photo.jpg', { type: 'image/jpeg' }), source, takenAt: original.name === 'original.jpg' ? EXIF_TIME : null };
  };
  return { stamps, prepare };
}

const stampAt = (at: string): StampDetails => ({ at, siteName: 'North Gate', position: null, timeZone: 'UTC', language: 'en' });

/** Kept in the outbox as the tracker keeps a photo answer, then refused by the server. */
async function refusedEntry(draft: AnswerDraft, prepare: ReturnType<typeof stamper>['prepare']): Promise<OutboxEntry> {
  const photo = await photoOfDraft(draft, stampAt(FIRST_TRY), prepare);
  const bytes = await read(photo!.file, 'bytes');
  const [seq] = await enqueue([
    makeOutboxEntry({
      actionId: 12,
      actionType: 'PHOTO',
      value: null,
      capturedAt: capturedAtOf(draft, FIRST_TRY),
      photo: { name: photo!.file.name, type: photo!.file.type, bytes, size: bytes.byteLength },
      photoSource: photo!.source,
      photoTakenAt: photo!.takenAt,
      photoPickedAt: draft.photoPickedAt ?? null,
    }),
  ]);
  await flushOutbox(async () => ({ kind: 'refused', message: MSG.answerInvalid, refusesSchedule: false }), 7);
  const entry = (await listOutbox(7)).find((item) => item.seq === seq)!;
  expect(entry.status).toBe('failed');
  return entry;
}

describe('a photo answer sent again after a refusal', () => {
  it('is stamped once and keeps its photo time, its picked time and its capture time', async () => {
    const { stamps, prepare } = stamper();
    const original = new File(['pixels'], 'original.jpg', { type: 'image/jpeg' });
    const draft: AnswerDraft = { value: null, notes: '', file: original, voice: null, photoSource: 'FILE', photoPickedAt: PICKED_AT };
    const entry = await refusedEntry(draft, prepare);
    expect(stamps).toEqual([FIRST_TRY]);

    // Back in the runner, with a note added, and sent again later.
    const again = { ...draftOf(entry), notes: 'Gate fixed' };
    const photo = await photoOfDraft(again, stampAt(SECOND_TRY), prepare);
    expect(stamps).toEqual([FIRST_TRY]);
    expect(await read(photo!.file, 'text')).toBe(`pixels|stamp ${FIRST_TRY}`);
    expect(photo).toMatchObject({ source: 'FILE', takenAt: EXIF_TIME });
    expect(capturedAtOf(again, SECOND_TRY)).toBe(FIRST_TRY);
    expect(again.photoPickedAt).toBe(PICKED_AT);

    const form = outboxForm({ ...entry, capturedAt: capturedAtOf(again, SECOND_TRY), photoTakenAt: photo!.takenAt, photoPickedAt: again.photoPickedAt });
    expect(form.get('photoTakenAt')).toBe(EXIF_TIME);
    expect(form.get('photoPickedAt')).toBe(PICKED_AT);
    expect(form.get('capturedAt')).toBe(FIRST_TRY);
  });

  it('a photo taken anew in its place is made ready again, at the new capture time', async () => {
    const { stamps, prepare } = stamper();
    const draft: AnswerDraft = { value: null, notes: '', file: new File(['pixels'], 'original.jpg', { type: 'image/jpeg' }), voice: null };
    const entry = await refusedEntry(draft, prepare);
    // What the photo input gives for a new photo: the earlier preparation no longer holds.
    const replaced: AnswerDraft = { ...draftOf(entry), file: new File(['other'], 'original.jpg', { type: 'image/jpeg' }), preparedPhoto: null };
    const photo = await photoOfDraft(replaced, stampAt(SECOND_TRY), prepare);
    expect(stamps).toEqual([FIRST_TRY, SECOND_TRY]);
    expect(await read(photo!.file, 'text')).toBe(`other|stamp ${SECOND_TRY}`);
    expect(capturedAtOf(replaced, SECOND_TRY)).toBe(SECOND_TRY);
  });

  it('an entry kept before the picked time was asked sends none, and the server falls back on the capture time', () => {
    const bytes = new TextEncoder().encode('pixels').buffer;
    const old = makeOutboxEntry({ actionType: 'PHOTO', value: null, photo: { name: 'p.jpg', type: 'image/jpeg', bytes, size: 6 }, photoTakenAt: EXIF_TIME });
    expect(outboxForm(old as OutboxEntry).has('photoPickedAt')).toBe(false);
    expect(draftOf(old as OutboxEntry).photoPickedAt).toBeNull();
  });
});

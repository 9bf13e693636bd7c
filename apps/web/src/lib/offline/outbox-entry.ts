// One answer captured on the device and not yet known to the server, as the outbox keeps it, and
// the multipart form it travels in. No browser APIs beyond FormData and Blob: the page and the
// service worker both build forms from here.
import type { ActionType, AnswerHold, LocationStatus } from '@fieldops/shared/enums';
import type { PhotoSource } from '@fieldops/shared/photo-time';

/**
 * waiting: captured, to be sent (`error` says why an earlier try did not arrive); sending: on its
 * way; sent: the server has it (`outcome` says how it was taken); failed: the server refused it
 * (`error`), kept until the member tries again or lets it go.
 */
export type OutboxStatus = 'waiting' | 'sending' | 'sent' | 'failed';

export interface OutboxFile {
  name: string;
  type: string;
  /** The file's bytes; dropped once the server has it, to give the space back. */
  bytes: ArrayBuffer | null;
  size: number;
}

export interface OutboxOutcome {
  answerId: number | null;
  /** Kept from outside the site's area: stored, not counted. */
  outside: boolean;
  /** How the server judged the position (absent in outcomes kept before it was read; null when the task does not check it). */
  locationStatus?: LocationStatus | null;
  /** Delivered after the schedule closed but captured in time. */
  late: boolean;
  /**
   * Kept without counting because the plan was paused, or the schedule removed, meanwhile, or it
   * arrived late without proof of when it was captured.
   */
  held: AnswerHold | null;
}

export interface OutboxEntry {
  /** Its place in the queue, given by the store: answers are sent in this order. */
  seq?: number;
  /** The Idempotency-Key of every try, so the server stores it once however often it is sent. */
  key: string;
  userId: number;
  businessId: number;
  scheduleId: number;
  actionId: number;
  actionType: ActionType;
  /** What the queue shows for it: the task and the action, in both languages. */
  taskNameEn: string | null;
  taskNameAr: string | null;
  actionNameEn: string | null;
  actionNameAr: string | null;
  value: string | string[] | number | boolean | null;
  notes: string;
  important: boolean;
  position: { latitude: number; longitude: number; accuracy: number } | null;
  /** The device's own judgement of the position against the site (shared geofence code), until the server's arrives. */
  judged?: LocationStatus | null;
  /** When the member gave the answer (ISO): the server judges the schedule's window on it. */
  capturedAt: string;
  photo: OutboxFile | null;
  /** Where the device says the photo came from (absent in entries kept before it was asked). */
  photoSource?: PhotoSource | null;
  /** When the original photo's metadata says it was taken (ISO), read before it was made smaller or stamped. */
  photoTakenAt?: string | null;
  /** When the photo was taken or picked on the device (ISO); absent in entries kept before it was asked. */
  photoPickedAt?: string | null;
  voice: OutboxFile | null;
  status: OutboxStatus;
  attempts: number;
  /** The English text of the last failure (translated when shown), or null. */
  error: string | null;
  /** The refusal concerns the whole schedule (closed, not yours): the member is told once. */
  refusesSchedule: boolean;
  outcome: OutboxOutcome | null;
  /** When the entry last changed state (ISO). */
  updatedAt: string;
}

/** The multipart body of an answer (POST /v1/action-results); `value` travels as JSON text. */
export function outboxForm(entry: OutboxEntry): FormData {
  const form = new FormData();
  form.append('scheduleId', String(entry.scheduleId));
  form.append('actionId', String(entry.actionId));
  if (entry.actionType !== 'PHOTO' && entry.actionType !== 'VOICE' && entry.value !== null) {
    form.append('value', JSON.stringify(entry.value));
  }
  const notes = entry.notes.trim();
  if (notes) form.append('notes', notes);
  form.append('important', entry.important ? 'true' : 'false');
  if (entry.position) {
    form.append('latitude', String(entry.position.latitude));
    form.append('longitude', String(entry.position.longitude));
    form.append('accuracy', String(entry.position.accuracy));
  }
  form.append('capturedAt', entry.capturedAt);
  if (entry.photo?.bytes) {
    if (entry.photoSource) form.append('photoSource', entry.photoSource);
    if (entry.photoTakenAt) form.append('photoTakenAt', entry.photoTakenAt);
    if (entry.photoPickedAt) form.append('photoPickedAt', entry.photoPickedAt);
    form.append('file', new Blob([entry.photo.bytes], { type: entry.photo.type }), entry.photo.name);
  }
  if (entry.voice?.bytes) form.append('voice', new Blob([entry.voice.bytes], { type: entry.voice.type }), entry.voice.name);
  return form;
}

/** Bytes the entry keeps on the device. */
export const entryBytes = (entry: OutboxEntry) => (entry.photo?.bytes?.byteLength ?? 0) + (entry.voice?.bytes?.byteLength ?? 0);

/** A random key from the platform's generator (also in a service worker). */
export function newOutboxKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

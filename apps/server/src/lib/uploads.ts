// Uploads from multipart forms, streamed into storage: a file is recognised by its first bytes
// (not its name or declared type), counted as it passes and refused past MAX_UPLOAD_BYTES, so a
// request never holds its files in memory. A form is read through uploadParts / uploadFile,
// which tie the files it stores to the request: when the request then fails, they leave storage
// again (plugins/multipart.ts), whichever check or query failed, unless keepUploads said the
// files are now referenced. Text fields holding a NUL are refused here too (PostgreSQL cannot
// store one; lib/validator.ts does the same for JSON bodies, queries and parameters).
import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { AppError, badRequest, fieldError } from './errors.ts';
import { fileTooLarge, type Storage, type StoredFile } from '../plugins/storage.ts';

export interface FileKind {
  extension: string;
  mime: string;
}
export type ImageKind = { extension: 'png' | 'jpg' | 'gif'; mime: string };
/** A file of the request, already in storage. */
export interface Upload<K extends FileKind = FileKind> extends StoredFile {
  kind: K;
  size: number;
}

/** Recognises PNG, JPEG and GIF by their first bytes. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { extension: 'png', mime: 'image/png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { extension: 'jpg', mime: 'image/jpeg' };
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return { extension: 'gif', mime: 'image/gif' };
  return null;
}

/** Recognises WebP ("RIFF", a size, "WEBP") by its first bytes. */
export function sniffWebp(data: Buffer): FileKind | null {
  const riff = data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
  return riff ? { extension: 'webp', mime: 'image/webp' } : null;
}

/** Content types of the stored files by key extension: answer photos, ticket and instruction images, and voice notes. */
export const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** The files one request stored, removed if it fails. */
interface RequestUploads {
  storage: Storage;
  stored: StoredFile[];
}
const uploadsOfRequest = new WeakMap<FastifyRequest, RequestUploads>();
/** From a form (its parts iterator) or one of its files back to its request's uploads. */
const uploadsOfSource = new WeakMap<object, RequestUploads>();

function uploadsOf(request: FastifyRequest): RequestUploads {
  let uploads = uploadsOfRequest.get(request);
  if (!uploads) {
    uploads = { storage: request.server.storage, stored: [] };
    uploadsOfRequest.set(request, uploads);
  }
  return uploads;
}

const refused = (field: string, message: string) => badRequest(message, [{ field, message }]);

function refuseNul(name: string, value: unknown) {
  if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) throw fieldError(name, MSG.invalid);
}

/**
 * Refuses a form whose client left before the route began to read it: the parser listens for the
 * connection closing only from then on, and would wait for the rest of the form for ever.
 */
function requireArriving(request: FastifyRequest) {
  if (request.raw.destroyed && !request.raw.readableEnded) throw new AppError(400, MSG.invalid, { detail: 'The multipart form is malformed or cut short.' });
}

/** The request's form, part by part: what every upload route reads instead of request.parts(). */
export function uploadParts(request: FastifyRequest): AsyncIterableIterator<Multipart> {
  requireArriving(request);
  const uploads = uploadsOf(request);
  const parts = request.parts();
  async function* checked(): AsyncGenerator<Multipart> {
    for await (const part of parts) {
      if (part.type === 'file') uploadsOfSource.set(part, uploads);
      else refuseNul(part.fieldname, part.value);
      yield part;
    }
  }
  const form = checked();
  uploadsOfSource.set(form, uploads);
  return form;
}

/** The request's first file (undefined when it has none), instead of request.file(). */
export async function uploadFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  requireArriving(request);
  const file = await request.file();
  if (!file) return undefined;
  for (const [name, field] of Object.entries(file.fields)) {
    for (const part of [field ?? []].flat()) if (part.type === 'field') refuseNul(name, part.value);
  }
  uploadsOfSource.set(file, uploadsOf(request));
  return file;
}

/** Reads and drops the rest of a part that is refused, so the form can be read past it. */
export async function discardPart(part: MultipartFile): Promise<void> {
  const stream: Readable = part.file;
  if (stream.readableEnded || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    stream
      .once('end', resolve)
      .once('close', resolve)
      .once('error', () => resolve());
    stream.resume();
  });
}

/** Enough of a file's first bytes for every format recognised here. */
const HEAD_BYTES = 16;

/** A smaller limit than MAX_UPLOAD_BYTES for one kind of file, and what a file past it is told. */
export interface UploadLimit {
  bytes: number;
  message: string;
}

/**
 * Streams one file part into storage when `sniff` recognises its first bytes: 400 naming the
 * field when it does not (empty files included) with `refusal`, 413 past MAX_UPLOAD_BYTES (or
 * past `limit`, with its message).
 */
export async function storeUpload<K extends FileKind>(
  part: MultipartFile,
  sniff: (head: Buffer) => K | null,
  refusal: string = MSG.invalidFile,
  limit?: UploadLimit,
): Promise<Upload<K>> {
  const uploads = uploadsOfSource.get(part);
  if (!uploads) throw new Error('An upload must come from uploadParts(request) or uploadFile(request).');
  // The stream is not destroyed when reading stops early (a refused file): what is left of the
  // part is then read and dropped, and the form goes on to its end as a browser expects.
  const chunks = part.file.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
  // Through the same iterator: its 'readable' listener stays on the stream and keeps resume() from
  // flowing it.
  const dropRest = async () => {
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
    } catch {
      // The form broke off: nothing is left to read.
    }
  };
  let head = Buffer.alloc(0);
  let ended = false;
  while (head.length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  const kind = head.length > 0 ? sniff(head) : null;
  if (!kind) {
    if (!ended) await dropRest();
    throw refused(part.fieldname, refusal);
  }
  async function* whole() {
    yield head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const tooLarge = () => (limit ? new AppError(413, limit.message) : fileTooLarge());
  let stored: StoredFile & { size: number };
  try {
    stored = await uploads.storage.putStream(whole(), kind.extension, limit?.bytes ?? MAX_UPLOAD_BYTES);
  } catch (err) {
    await dropRest();
    throw limit && err instanceof AppError && err.status === 413 ? tooLarge() : err;
  }
  // The parser stops a file at one byte over the limit (plugins/multipart.ts), so the count
  // above sees it; a truncated part is refused all the same.
  if (part.file.truncated) {
    await uploads.storage.remove(stored.key);
    throw tooLarge();
  }
  uploads.stored.push(stored);
  return { ...stored, kind };
}

export const storeImage = (part: MultipartFile) => storeUpload(part, sniffImage);

/** A picture of a person or a business (avatar, logo): a file that is no image is refused as such. */
export const storePicture = (part: MultipartFile) => storeUpload(part, sniffImage, MSG.notAnImage);

/**
 * Reads a whole multipart form: text fields, and image files under `fileFields`, each streamed
 * into storage. Files under other names are refused.
 */
export async function storeImageForm(
  parts: AsyncIterableIterator<Multipart>,
  fileFields: readonly string[],
): Promise<{ fields: Record<string, string>; files: Map<string, Upload<ImageKind>[]> }> {
  const fields: Record<string, string> = {};
  const files = new Map<string, Upload<ImageKind>[]>();
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        await discardPart(part);
        throw refused(part.fieldname, MSG.invalidFile);
      }
      const image = await storeImage(part);
      files.set(part.fieldname, [...(files.get(part.fieldname) ?? []), image]);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/**
 * The request's files are now referenced (their rows committed): a later failure of the request
 * leaves them in storage. `source` is the form or a file it gave.
 */
export function keepUploads(source: object): void {
  const uploads = uploadsOfSource.get(source);
  if (uploads) uploads.stored = [];
}

/** Removes what a failed request stored (plugins/multipart.ts calls it on every error). */
export async function discardUploads(request: FastifyRequest): Promise<void> {
  const uploads = uploadsOfRequest.get(request);
  if (!uploads || uploads.stored.length === 0) return;
  const { stored } = uploads;
  uploads.stored = [];
  await Promise.all(stored.map((file) => uploads.storage.remove(file.key)));
}

/**
 * Removes a stored file that no row refers to any more (a replaced logo, avatar or comment image,
 * a deleted attachment), once the change that let go of it has committed. A failure is logged,
 * not raised: the change stands, and the sweep (lib/file-sweep.ts) removes the file later.
 */
export async function removeReleased(app: FastifyInstance, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await app.storage.remove(key).catch((err: unknown) => app.log.warn({ err, key }, 'a released file was not removed; the sweep will'));
}

// Reading an answer's multipart form: its text fields, an optional photo in part `file` (PNG,
// JPEG or GIF, checked like ticket attachments) and an optional recording in part `voice` (WebM,
// Ogg, MP4/M4A, MPEG or WAV), each recognised by its first bytes, not its name, and streamed into
// storage as it arrives. A bad file, or a failure after it, takes the stored ones out again
// (lib/uploads.ts), so one bad file leaves nothing.
import type { Multipart } from '@fastify/multipart';
import { MSG } from '@fieldops/shared/messages';
import { badRequest } from '../../../lib/errors.ts';
import { discardPart, storeImage, storeUpload, type FileKind, type Upload } from '../../../lib/uploads.ts';

export const PHOTO_FIELD = 'file';
export const VOICE_FIELD = 'voice';

const ascii = (data: Buffer, from: number, to: number) => data.subarray(from, to).toString('latin1');

/** Recognises the recordings browsers and phones make by their first bytes. */
export function sniffAudio(data: Buffer): FileKind | null {
  if (data.length >= 4 && data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return { extension: 'webm', mime: 'audio/webm' };
  if (data.length >= 4 && ascii(data, 0, 4) === 'OggS') return { extension: 'ogg', mime: 'audio/ogg' };
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp') return { extension: 'm4a', mime: 'audio/mp4' };
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') return { extension: 'wav', mime: 'audio/wav' };
  // MPEG audio: an ID3 tag, or a frame sync (11 bits set) with a valid layer.
  if (data.length >= 3 && ascii(data, 0, 3) === 'ID3') return { extension: 'mp3', mime: 'audio/mpeg' };
  const [sync, flags = 0] = data.subarray(0, 2);
  if (sync === 0xff && (flags & 0xe0) === 0xe0 && (flags & 0x06) !== 0) return { extension: 'mp3', mime: 'audio/mpeg' };
  return null;
}

export interface AnswerForm {
  fields: Record<string, string>;
  photo: Upload | null;
  voice: Upload | null;
}

/** The whole form; a file under another name, or two under one name, is refused. */
export async function readAnswerForm(parts: AsyncIterableIterator<Multipart>): Promise<AnswerForm> {
  const form: AnswerForm = { fields: {}, photo: null, voice: null };
  for await (const part of parts) {
    if (part.type !== 'file') {
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    const known = part.fieldname === PHOTO_FIELD || part.fieldname === VOICE_FIELD;
    if (!known || form[part.fieldname === PHOTO_FIELD ? 'photo' : 'voice'] !== null) {
      await discardPart(part);
      throw badRequest(MSG.invalidFile, [{ field: part.fieldname, message: MSG.invalidFile }]);
    }
    if (part.fieldname === PHOTO_FIELD) form.photo = await storeImage(part);
    else form.voice = await storeUpload(part, sniffAudio);
  }
  return form;
}

// Reading an uploaded image from a multipart request: checked by its content, not its name.
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { AppError, badRequest } from './errors.ts';

export type ImageKind = { extension: 'png' | 'jpg' | 'gif'; mime: string };

/** Recognises PNG, JPEG and GIF by their first bytes. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { extension: 'png', mime: 'image/png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { extension: 'jpg', mime: 'image/jpeg' };
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1')))
    return { extension: 'gif', mime: 'image/gif' };
  return null;
}

export async function readImage(file: MultipartFile): Promise<{ data: Buffer; kind: ImageKind }> {
  const data = await file.toBuffer();
  if (file.file.truncated || data.length > MAX_UPLOAD_BYTES) throw new AppError(413, MSG.fileTooLarge);
  const kind = sniffImage(data);
  if (!kind || data.length === 0) throw badRequest(MSG.invalidFile, [{ field: file.fieldname, message: MSG.invalidFile }]);
  return { data, kind };
}

/** Content types of the stored files by key extension: answer photos and ticket images, and voice notes. */
export const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/**
 * Reads a whole multipart form: text fields, and image files under `fileFields`, each checked
 * by content. Files under other names are refused.
 */
export async function readImageForm(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
  fileFields: readonly string[],
): Promise<{ fields: Record<string, string>; files: Map<string, { data: Buffer; kind: ImageKind }[]> }> {
  const fields: Record<string, string> = {};
  const files = new Map<string, { data: Buffer; kind: ImageKind }[]>();
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        await part.toBuffer();
        throw badRequest(MSG.invalidFile, [{ field: part.fieldname, message: MSG.invalidFile }]);
      }
      const image = await readImage(part);
      files.set(part.fieldname, [...(files.get(part.fieldname) ?? []), image]);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

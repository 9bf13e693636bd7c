// Checks images chosen for upload by their content, not their name or declared type: the first
// bytes must be a PNG, JPEG or GIF signature, and each file must be under the upload limit
// (spec §5, §9). A renamed text file is refused before anything is sent.
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

/** What the file input offers; the content check below is what decides. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif';

const SIGNATURES: ReadonlyArray<{ type: ImageType; bytes: readonly number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // "GIF87a" and "GIF89a".
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

const HEAD_LENGTH = Math.max(...SIGNATURES.map((signature) => signature.bytes.length));

/** The image type whose signature starts `head`, or null. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const found = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return found?.type ?? null;
}

async function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, HEAD_LENGTH);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  // Older engines without Blob.arrayBuffer.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/** The English text of what is wrong with one image file, or null when it can be uploaded. */
export async function imageFileProblem(file: Blob): Promise<string | null> {
  if (file.size === 0) return MSG.invalidFile;
  let type: ImageType | null;
  try {
    type = sniffImageType(await readHead(file));
  } catch {
    return MSG.invalidFile;
  }
  if (!type) return MSG.invalidFile;
  if (file.size >= MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  return null;
}

/** The first problem among several files, or null when every one can be uploaded. */
export async function imageFilesProblem(files: readonly Blob[]): Promise<string | null> {
  const problems = await Promise.all(files.map(imageFileProblem));
  return problems.find((problem) => problem !== null) ?? null;
}

/**
 * The English text of what is wrong with a picture chosen for an avatar or a logo, or null: one
 * that is not an image (by its content) is named so, not as an invalid attachment.
 */
export async function pictureFileProblem(file: Blob): Promise<string | null> {
  const problem = await imageFileProblem(file);
  return problem === MSG.invalidFile ? MSG.notAnImage : problem;
}

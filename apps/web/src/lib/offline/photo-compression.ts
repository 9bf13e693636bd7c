// Photos are made smaller on the device before they wait in the outbox: a phone's 12-megapixel
// picture (4–8 MB) becomes a JPEG whose longer side is at most the chosen size (1600 px by
// default, about 300–600 kB), so a queue of answers fits the device and sends on a weak signal.
// The member chooses the size (Small, Medium, Large) in the queue; what the browser cannot draw
// (or a GIF, which may move) is kept as it was, as is a picture already smaller.
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { readStorage, writeStorage } from '../storage.ts';

export const PHOTO_SIZES = { small: 1024, medium: 1600, large: 2560 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
const QUALITY = 0.82;

export function photoSize(): PhotoSize {
  const chosen = readStorage(STORAGE_KEYS.photoSize);
  return chosen === 'small' || chosen === 'large' ? chosen : 'medium';
}

export const choosePhotoSize = (size: PhotoSize) => writeStorage(STORAGE_KEYS.photoSize, size);

/** The longer side and the scale to bring it to `maxEdge`, never enlarging. */
export function scaledSize(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function draw(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
}

/** The photo to queue: smaller when that helps, else the original. */
export async function compressPhoto(file: File, maxEdge = PHOTO_SIZES[photoSize()]): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = scaledSize(bitmap.width, bitmap.height, maxEdge);
    const blob = await draw(bitmap, width, height);
    bitmap.close();
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, '') || 'photo';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    // A picture the browser cannot decode is sent as it is; the server checks it.
    return file;
  }
}

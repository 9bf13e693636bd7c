// When a photo was taken, as its own metadata says (EXIF DateTimeOriginal), read on the device
// from the original file before it is made smaller or stamped (both drop the metadata). exifr is
// loaded only when a photo is read. A photo without that time gives null: many apps strip it, and
// that alone is no sign of anything.
import { photoTimeMismatch } from '@fieldops/shared/photo-time';

/** The tags exifr gives back that matter here. */
export interface PhotoTimeTags {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
}

/**
 * The instant of the photo's DateTimeOriginal (else CreateDate) as ISO, or null. exifr reads the
 * time, which carries no zone, in the device's zone: the zone the phone that took it was in.
 */
export function takenAtOf(tags: PhotoTimeTags | null | undefined): string | null {
  const value = tags?.DateTimeOriginal ?? tags?.CreateDate;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

/** Whether the photo's time (when it has one) is too far from the answer's capture time (shared rule, evidence.ts). */
export const takenAtOtherTime = (takenAt: string | null, capturedAt: string) => photoTimeMismatch(takenAt, capturedAt);

/** The photo's own capture time, or null when it has none or cannot be read. */
export async function readPhotoTakenAt(file: Blob): Promise<string | null> {
  if (file.type !== 'image/jpeg') return null;
  try {
    const { default: exifr } = await import('exifr');
    const tags = (await exifr.parse(file, { pick: ['DateTimeOriginal', 'CreateDate'] })) as PhotoTimeTags | undefined;
    return takenAtOf(tags);
  } catch {
    return null;
  }
}

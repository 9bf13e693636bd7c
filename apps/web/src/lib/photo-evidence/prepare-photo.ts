// An answer photo made ready to wait in the outbox: its own capture time read from the original
// (exif-time.ts; a photo from the page's camera has none), then made smaller, then stamped when
// the task asks (stamp-photo.ts, loaded only then). The time is read first because both later
// steps draw the picture again and drop its metadata.
import type { PhotoSource } from '@fieldops/shared/photo-time';
import { i18n } from '../i18n/i18n.ts';
import { compressPhoto } from '../offline/photo-compression.ts';
import { readPhotoTakenAt } from './exif-time.ts';
import type { StampDetails } from './photo-stamp.ts';

export interface PreparedPhoto {
  file: File;
  source: PhotoSource;
  /** When the original's metadata says it was taken (ISO), or null. */
  takenAt: string | null;
}

export async function preparePhoto(original: File, source: PhotoSource, stamp: StampDetails | null): Promise<PreparedPhoto> {
  const takenAt = source === 'FILE' ? await readPhotoTakenAt(original) : null;
  let file = await compressPhoto(original);
  if (stamp) {
    const { stampPhoto } = await import('./stamp-photo.ts');
    file = await stampPhoto(file, stamp, i18n.t('taskRunner.stamp.noPosition', { lng: stamp.language }));
  }
  return { file, source, takenAt };
}

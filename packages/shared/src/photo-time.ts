// A photo's source and its own time against the answer's, as plain values: the device's runner
// and the server both read them, and neither needs the schema library for it.

/**
 * Where a photo came from, as the device says: CAMERA, the page's own live camera (an action set to
 * camera only takes nothing else); FILE, a file picker, which on a phone may also open its camera.
 * The device asserts this; the server cannot prove it (docs/SECURITY.md "Photos").
 */
export const PHOTO_SOURCES = ['CAMERA', 'FILE'] as const;
export type PhotoSource = (typeof PHOTO_SOURCES)[number];

/**
 * Minutes by which the time a photo's metadata (EXIF DateTimeOriginal) gives may differ from the
 * answer's capture time before the photo counts as taken at another time. A photo without that
 * time is not a mismatch: many cameras and apps leave it out.
 */
export const PHOTO_TIME_MISMATCH_MINUTES = 10;

/** Whether a photo's metadata time lies more than PHOTO_TIME_MISMATCH_MINUTES from the answer's capture time. */
export function photoTimeMismatch(takenAt: Date | string | null | undefined, capturedAt: Date | string): boolean {
  if (takenAt === null || takenAt === undefined) return false;
  const taken = new Date(takenAt).getTime();
  const captured = new Date(capturedAt).getTime();
  if (!Number.isFinite(taken) || !Number.isFinite(captured)) return false;
  return Math.abs(captured - taken) > PHOTO_TIME_MISMATCH_MINUTES * 60_000;
}

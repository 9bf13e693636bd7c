// A photo's own capture time read from its EXIF data (a JPEG built here byte by byte, as a camera
// writes it), and the comparison with the answer's capture time: more than the shared limit apart
// is a mismatch, a photo without the time is none.
import { describe, expect, it } from 'vitest';
import { PHOTO_TIME_MISMATCH_MINUTES } from '@fieldops/shared/evidence';
import { readPhotoTakenAt, takenAtOf, takenAtOtherTime } from './exif-time.ts';

/** "2026:11:30 08:15:00", the EXIF form, of the date's clock time on the device. */
const exifClock = (date: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}:${two(date.getMonth() + 1)}:${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
};

/** A JPEG holding only an Exif segment whose Exif IFD has DateTimeOriginal = `clock`. */
function jpegWithExif(clock: string): File {
  const tiff = new Uint8Array(64);
  const view = new DataView(tiff.buffer);
  tiff.set([0x49, 0x49, 0x2a, 0x00]); // "II", 42: little-endian TIFF
  view.setUint32(4, 8, true); // IFD0 at 8
  view.setUint16(8, 1, true); // one entry: the Exif IFD's place
  view.setUint16(10, 0x8769, true);
  view.setUint16(12, 4, true); // LONG
  view.setUint32(14, 1, true);
  view.setUint32(18, 26, true);
  view.setUint32(22, 0, true); // no next IFD
  view.setUint16(26, 1, true); // Exif IFD: DateTimeOriginal
  view.setUint16(28, 0x9003, true);
  view.setUint16(30, 2, true); // ASCII
  view.setUint32(32, 20, true);
  view.setUint32(36, 44, true);
  view.setUint32(40, 0, true);
  tiff.set(new TextEncoder().encode(`${clock}\0`), 44);
  const header = new TextEncoder().encode('Exif\0\0');
  const length = 2 + header.length + tiff.length;
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...header, ...tiff, 0xff, 0xd9]);
  return new File([bytes], 'photo.jpg', { type: 'image/jpeg' });
}

describe("a photo's own capture time", () => {
  it('reads DateTimeOriginal from the original file', async () => {
    const taken = new Date(2026, 10, 30, 8, 15, 0);
    expect(await readPhotoTakenAt(jpegWithExif(exifClock(taken)))).toBe(taken.toISOString());
  });

  it('gives none for a photo without it, or one it cannot read', async () => {
    expect(await readPhotoTakenAt(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'plain.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await readPhotoTakenAt(new File([new Uint8Array([1, 2, 3])], 'broken.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(takenAtOf({})).toBeNull();
    expect(takenAtOf({ DateTimeOriginal: 'not a date' })).toBeNull();
    expect(takenAtOf({ CreateDate: new Date('2026-11-30T05:00:00Z') })).toBe('2026-11-30T05:00:00.000Z');
  });
});

describe('the comparison with the answer', () => {
  const capturedAt = '2026-11-30T08:30:00.000Z';
  const minutesBefore = (minutes: number) => new Date(Date.parse(capturedAt) - minutes * 60_000).toISOString();

  it('is a mismatch only beyond the limit, either way', () => {
    expect(takenAtOtherTime(minutesBefore(PHOTO_TIME_MISMATCH_MINUTES), capturedAt)).toBe(false);
    expect(takenAtOtherTime(minutesBefore(PHOTO_TIME_MISMATCH_MINUTES + 1), capturedAt)).toBe(true);
    expect(takenAtOtherTime(minutesBefore(-(PHOTO_TIME_MISMATCH_MINUTES + 1)), capturedAt)).toBe(true);
    expect(takenAtOtherTime(minutesBefore(2), capturedAt)).toBe(false);
  });

  it('is no mismatch when the photo gives no time', () => {
    expect(takenAtOtherTime(null, capturedAt)).toBe(false);
  });

  it('compares the time read from the file', async () => {
    const taken = new Date(Date.parse(capturedAt) - 3 * 60 * 60_000);
    const read = await readPhotoTakenAt(jpegWithExif(exifClock(taken)));
    expect(takenAtOtherTime(read, capturedAt)).toBe(true);
  });
});

// Stamps a photo on the device (photo-stamp.ts says what and where): the picture is drawn on a
// canvas with the band added below it and saved again as a JPEG. The Arabic font is loaded first
// (once), so Arabic is shaped even where the device has no Arabic font of its own; offline and not
// cached, the device's fonts draw it. A picture the browser cannot draw is kept as it was.
import arabicFontUrl from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url';
import { drawStamp, stampLayout, stampLines, type StampDetails } from './photo-stamp.ts';

const STAMP_FAMILY = 'FieldOps Stamp Arabic';
const QUALITY = 0.88;
let fontLoad: Promise<string> | null = null;

/** The font stack with the app's Arabic font loaded under its own name, or the device's fonts when it cannot be. */
function stampFonts(): Promise<string> {
  fontLoad ??= (async () => {
    const fallback = '"Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif';
    if (typeof FontFace === 'undefined' || typeof document === 'undefined') return fallback;
    try {
      const face = await new FontFace(STAMP_FAMILY, `url(${arabicFontUrl})`).load();
      document.fonts.add(face);
      return `"${STAMP_FAMILY}", ${fallback}`;
    } catch {
      return fallback;
    }
  })();
  return fontLoad;
}

/** The photo with its stamp, as a JPEG; the photo as it was when it cannot be drawn. */
export async function stampPhoto(file: File, details: StampDetails, noPosition: string): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap === 'undefined' || typeof document === 'undefined') return file;
  try {
    const [bitmap, fonts] = await Promise.all([createImageBitmap(file), stampFonts()]);
    const lines = stampLines(details, noPosition);
    const { band } = stampLayout(bitmap.width, lines.length);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height + band;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    drawStamp(context, canvas.width, canvas.height - band, lines, details.language, fonts);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob) return file;
    const name = file.name.replace(/\.[^.]+$/, '') || 'photo';
    return new File([blob], `${name}-stamped.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}

// What a stamped photo carries and where: a band below the picture with the capture time (in the
// business's time zone, formatted for the member's language), the site's name and the position.
// In Arabic the band is drawn right to left (canvas direction 'rtl', the text shaped by the Arabic
// font), with the coordinates kept left to right inside it. Pure: the drawing goes to any context
// that has these few members, so it is tested without a browser (stamp-photo.ts draws for real).
import { formatZonedDateTime } from '../business-time.ts';
import type { Language } from '../i18n/language.ts';

export interface StampDetails {
  /** The answer's capture time (ISO). */
  at: string;
  siteName: string;
  position: { latitude: number; longitude: number } | null;
  timeZone: string;
  language: Language;
}

/** Left-to-right isolate: coordinates read "24.71370, 46.67540" in an Arabic line too. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The band's lines, top to bottom: the time, the site, the position (or `noPosition`). */
export function stampLines(details: StampDetails, noPosition: string): string[] {
  const { position } = details;
  const where = position ? ltr(`${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`) : noPosition;
  return [formatZonedDateTime(details.at, details.timeZone, details.language), details.siteName, where];
}

export interface StampLayout {
  fontSize: number;
  lineHeight: number;
  padding: number;
  /** The band's height, added below the picture. */
  band: number;
}

/** The band's measures for a picture `width` wide with `lines` lines: readable on a phone's and a camera's photo alike. */
export function stampLayout(width: number, lines: number): StampLayout {
  const fontSize = Math.max(14, Math.round(width / 36));
  const lineHeight = Math.round(fontSize * 1.35);
  const padding = Math.round(fontSize * 0.6);
  return { fontSize, lineHeight, padding, band: lines * lineHeight + 2 * padding };
}

/** What drawing the band needs of a 2D context. */
export type StampContext = Pick<CanvasRenderingContext2D, 'fillStyle' | 'font' | 'direction' | 'textAlign' | 'textBaseline' | 'fillRect' | 'fillText'>;

/** The font stack of the band: the Arabic font the app uses first, so Arabic is shaped, then Latin. */
export const STAMP_FONTS = '"Noto Sans Arabic", "Noto Sans", "Noto Naskh Arabic", Tahoma, Arial, sans-serif';

/** Draws the band at `top` across `width`: a dark ground, white text from the line's start side. */
export function drawStamp(context: StampContext, width: number, top: number, lines: readonly string[], language: Language, fonts = STAMP_FONTS): StampLayout {
  const layout = stampLayout(width, lines.length);
  const rtl = language === 'ar';
  context.fillStyle = 'rgba(0, 0, 0, 0.78)';
  context.fillRect(0, top, width, layout.band);
  context.fillStyle = '#ffffff';
  context.font = `${layout.fontSize}px ${fonts}`;
  context.direction = rtl ? 'rtl' : 'ltr';
  context.textAlign = 'start';
  context.textBaseline = 'top';
  const x = rtl ? width - layout.padding : layout.padding;
  lines.forEach((line, index) => {
    context.fillText(line, x, top + layout.padding + index * layout.lineHeight, width - 2 * layout.padding);
  });
  return layout;
}

// What a PDF the server draws needs besides its data (an inspection's report, activation cards):
// the font (Noto Sans Arabic, which holds Latin letters and digits too), read once per process,
// and stored images (answers' photos and signatures, the business's logo) as pictures, read from
// storage and shrunk with sharp (libvips: a few MB per picture however large the photo, turned as
// the camera held it, on a white ground).
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import type { Storage } from '../plugins/storage.ts';
import { loadSharp } from './sharp.ts';

/** The regular and bold Noto Sans Arabic, as font files. */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** Answers a drawn PDF as a download under `fileName`, kept by no cache. */
export const sendPdf = (reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }) =>
  reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(file.bytes));

/** A business colour ("#1c7ed6") as red, green and blue from 0 to 1; an unreadable one is the app's blue. */
export function rgbOfHex(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return [0.11, 0.49, 0.84];
  return [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16) / 255) as [number, number, number];
}

/** A picture ready to embed, with its size in pixels. */
export interface PdfPicture {
  bytes: Uint8Array;
  format: 'jpg' | 'png';
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);
let fonts: Promise<PdfFonts> | null = null;

export function pdfFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([
    fs.readFile(require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf')),
    fs.readFile(require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }));
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
}

/** Longest side in pixels: about twice the size drawn, for print. */
const PICTURE_PIXELS = 480;
const PARALLEL = 2;

/** One stored image as a picture of at most `pixels` on its longest side; null when it is not an image we can read. */
export async function pictureOf(data: Buffer, pixels = PICTURE_PIXELS): Promise<PdfPicture | null> {
  const sharp = await loadSharp();
  try {
    const { data: bytes, info } = await sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: pixels, height: pixels, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(bytes), format: 'jpg', width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Pictures of the stored files `keys`, a couple at a time; a missing or unreadable file has none. */
export async function picturesOf(storage: Storage, keys: readonly string[]): Promise<Map<string, PdfPicture>> {
  const found = new Map<string, PdfPicture>();
  let next = 0;
  const worker = async () => {
    for (let key = keys[next]; key !== undefined; key = keys[next]) {
      next += 1;
      const data = await storage.read(key).catch(() => null);
      const picture = data ? await pictureOf(data) : null;
      if (picture) found.set(key, picture);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return found;
}

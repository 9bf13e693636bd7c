// Photo thumbnails for the PDF export. Each photo cell's picture is fetched from its signed link
// (the link itself is the permission, valid for minutes: no session travels with it), shrunk and
// re-encoded as a JPEG on a white ground, which pdf-lib embeds. A photo that cannot be fetched or
// decoded gets no thumbnail: the PDF then writes its words with the link instead.
import type { ExportTable } from './export-table.ts';

/** An image pdf-lib can embed as it is. */
export interface Thumbnail {
  bytes: Uint8Array;
  format: 'jpg' | 'png';
}

export type LoadThumbnail = (url: string) => Promise<Thumbnail | null>;

/** Only our own stored files are fetched: an export never calls out to another address. */
const FILES_PATH = '/api/files/';
/** Longest side of a thumbnail in pixels: about three times the size it is drawn at, for print. */
export const THUMBNAIL_PIXELS = 240;
/** Beyond this many photos, the rest keep their words and links (the file stays a few MB). */
export const MAX_THUMBNAILS = 300;
const PARALLEL_FETCHES = 4;

function isOurFile(address: string, origin: string): boolean {
  try {
    const url = new URL(address);
    return url.origin === origin && url.pathname.startsWith(FILES_PATH);
  } catch {
    return false;
  }
}

/** The distinct photo addresses of the table, ours only, in the order they appear, at most MAX_THUMBNAILS. */
export function photoUrls(table: ExportTable, origin: string): string[] {
  const urls = new Set<string>();
  for (const row of table.rows) {
    for (const cell of row) {
      if (typeof cell === 'string' || cell.kind !== 'link' || cell.media !== 'photo') continue;
      if (isOurFile(cell.url, origin)) urls.add(cell.url);
      if (urls.size === MAX_THUMBNAILS) return [...urls];
    }
  }
  return [...urls];
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** A PNG or a JPEG as it came, when nothing can decode pictures here; other formats are left out. */
function asItIs(bytes: Uint8Array): Thumbnail | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { bytes, format: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { bytes, format: 'jpg' };
  return null;
}

/** The picture decoded (any format the browser reads, turned as the camera held it), shrunk, as a JPEG. */
async function shrunk(blob: Blob): Promise<Thumbnail> {
  const bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(1, THUMBNAIL_PIXELS / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
    return { bytes: new Uint8Array(await jpeg.arrayBuffer()), format: 'jpg' };
  } finally {
    bitmap.close();
  }
}

const canDecode = () => typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';

/** Fetches one photo and makes its thumbnail; null when it cannot be had. */
export function thumbnailLoader(fetchFile: typeof fetch = fetch): LoadThumbnail {
  return async (url) => {
    try {
      const response = await fetchFile(url);
      if (!response.ok) return null;
      const blob = await response.blob();
      if (canDecode()) return await shrunk(blob);
      return asItIs(new Uint8Array(await blob.arrayBuffer()));
    } catch {
      return null;
    }
  };
}

/** Thumbnails of `urls`, a few fetched at a time; `onEach` counts each one settled. */
export async function loadThumbnails(urls: readonly string[], load: LoadThumbnail, onEach?: (done: number) => void): Promise<Map<string, Thumbnail>> {
  const found = new Map<string, Thumbnail>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let url = urls[next]; url !== undefined; url = urls[next]) {
      next += 1;
      const thumbnail = await load(url);
      if (thumbnail) found.set(url, thumbnail);
      done += 1;
      onEach?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, urls.length) }, worker));
  return found;
}

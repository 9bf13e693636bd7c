// Builds the PDF export off the page's thread; pdf-lib, fontkit, the font and the photos load only
// here. Progress counts the photos fetched, then the rows drawn.
import { buildPdf } from './pdf.ts';
import { loadThumbnails, photoUrls, thumbnailLoader } from './pdf-images.ts';
import { serveExports } from './worker-protocol.ts';

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

serveExports(async ({ table, fonts }, progress) => {
  if (!fonts) throw new Error('No font given');
  const photos = photoUrls(table, self.location.origin);
  const total = photos.length + table.rows.length;
  const [regular, bold, images] = await Promise.all([
    bytesOf(fonts.regular),
    bytesOf(fonts.bold),
    loadThumbnails(photos, thumbnailLoader(), (done) => progress(done, total)),
  ]);
  return buildPdf(table, { regular, bold }, (done) => progress(photos.length + done, total), images);
});

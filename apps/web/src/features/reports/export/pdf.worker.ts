// Builds the PDF export off the page's thread; pdf-lib, fontkit and the font load only here.
import { buildPdf } from './pdf.ts';
import { serveExports } from './worker-protocol.ts';

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

serveExports(async ({ table, fonts }, progress) => {
  if (!fonts) throw new Error('No font given');
  const [regular, bold] = await Promise.all([bytesOf(fonts.regular), bytesOf(fonts.bold)]);
  return buildPdf(table, { regular, bold }, progress);
});

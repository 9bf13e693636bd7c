// A PDF read back, for tests: its text with pdf.js (as a reader would copy it), its pictures and
// its links with pdf-lib.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString } from 'pdf-lib';

/** The text of every page (pages apart by a form feed), as pdf.js reads it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return pages.join('\f');
}

/**
 * The pictures each page draws (its image XObjects, a picture drawn twice counted twice) with
 * their size in pixels, and how many pictures the file stores.
 */
export async function pdfImages(bytes: Uint8Array): Promise<{ drawn: { width: number; height: number }[][]; stored: number }> {
  const document = await PDFDocument.load(bytes);
  const isImage = (object: unknown): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  const drawn = document.getPages().map((page) => {
    const objects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!objects) return [];
    return objects
      .values()
      .map((value) => document.context.lookup(value))
      .filter(isImage)
      .map((image) => ({
        width: image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
        height: image.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
      }));
  });
  const stored = document.context.enumerateIndirectObjects().filter(([, object]) => isImage(object)).length;
  return { drawn, stored };
}

/** The addresses the pages' link annotations open, in the order they were added. */
export async function pdfLinks(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().flatMap((page) => {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) return [];
    return annotations.asArray().flatMap((ref) => {
      const action = document.context.lookup(ref, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString);
      return uri ? [uri.decodeText()] : [];
    });
  });
}

// For the export tests: a sample table with Arabic, English, quotes, commas and line breaks,
// the font files, a PNG of any size, and a PDF read back: its text with pdf.js (as a reader would
// copy it), its pictures and its links with pdf-lib.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString } from 'pdf-lib';
import type { ExportTable } from './export-table.ts';
import type { PdfFonts } from './pdf.ts';

const require = createRequire(import.meta.url);

export function pdfFonts(): PdfFonts {
  const read = (path: string) => new Uint8Array(fs.readFileSync(require.resolve(path)));
  return {
    regular: read('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    bold: read('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
  };
}

export function sampleTable(direction: 'ltr' | 'rtl' = 'rtl'): ExportTable {
  return {
    direction,
    title: direction === 'rtl' ? 'الإجابات المُرسلة' : 'Submitted answers',
    subtitle: direction === 'rtl' ? 'كل التواريخ · عدد الإجابات: 2' : 'All dates · Answers: 2',
    sheetName: direction === 'rtl' ? 'الإجابات' : 'Answers',
    columns: [
      { key: 'time', label: direction === 'rtl' ? 'الوقت' : 'Time', width: 10 },
      { key: 'task', label: direction === 'rtl' ? 'المهمة' : 'Task', width: 10 },
      { key: 'member', label: direction === 'rtl' ? 'العضو' : 'Member', width: 10 },
      { key: 'notes', label: direction === 'rtl' ? 'الملاحظات' : 'Notes', width: 20 },
    ],
    rows: [
      ['14 مارس 2025، 10:30 ص', 'فحص الردهة', 'عمر حداد', 'خارج المبنى (الطابق 12)، "جيد"'],
      ['Mar 14, 2025, 10:30 AM', 'Lobby inspection', 'Omar, Haddad', 'Line one\nsaid "hi"'],
    ],
  };
}

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

/** A real PNG of `width` × `height` pixels, all of one colour. */
export function pngOf(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [200, 60, 40]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
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

// For the export tests: a sample table with Arabic, English, quotes, commas and line breaks,
// the font files, a PNG of any size, and a PDF read back (@fieldops/shared/testing/pdf-read).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { ExportTable } from './export-table.ts';
import type { PdfFonts } from './pdf.ts';

export { pdfImages, pdfLinks, pdfText } from '@fieldops/shared/testing/pdf-read';

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

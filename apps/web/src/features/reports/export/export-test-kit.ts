// For the export tests: a sample table with Arabic, English, quotes, commas and line breaks,
// the font files, and the text of a PDF read back with pdf.js (as a reader would copy it).
import fs from 'node:fs';
import { createRequire } from 'node:module';
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

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildCsv, csvField } from './csv.ts';
import { pdfFonts, pdfText, sampleTable } from './export-test-kit.ts';
import { buildJson } from './json.ts';
import { buildPdf } from './pdf.ts';
import { visualRuns } from './pdf-text.ts';
import { buildXlsx } from './xlsx.ts';

describe('export builders', () => {
  it('CSV starts with a byte order mark and quotes commas, quotes and line breaks', () => {
    const csv = buildCsv(sampleTable('ltr'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Time,Task,Member,Notes');
    expect(csv).toContain('"Mar 14, 2025, 10:30 AM",Lobby inspection,"Omar, Haddad","Line one\nsaid ""hi"""');
    expect(csv).toContain('فحص الردهة,عمر حداد');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('CSV keeps a spreadsheet from running a value as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('-5')).toBe('-5');
  });

  it('JSON holds one object per answer keyed by the translated columns', () => {
    const records = JSON.parse(buildJson(sampleTable('rtl'))) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(Object.keys(records[0])).toEqual(['الوقت', 'المهمة', 'العضو', 'الملاحظات']);
    expect(records[0]['المهمة']).toBe('فحص الردهة');
    expect(records[1]['الملاحظات']).toBe('Line one\nsaid "hi"');
  });

  it('Excel reads back with the header, the rows, and a right-to-left sheet in Arabic', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildXlsx(sampleTable('rtl'))).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('الإجابات');
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'الوقت', 'المهمة', 'العضو', 'الملاحظات']);
    expect(sheet.getRow(2).getCell(4).value).toBe('خارج المبنى (الطابق 12)، "جيد"');
    expect(sheet.getRow(3).getCell(3).value).toBe('Omar, Haddad');
    expect(sheet.rowCount).toBe(3);

    const english = new ExcelJS.Workbook();
    await english.xlsx.load((await buildXlsx(sampleTable('ltr'))).buffer as ArrayBuffer);
    expect(english.worksheets[0].views[0].rightToLeft).toBe(false);
  });

  it('Excel holds numbers as numbers, times as dates and photos as hyperlinks', async () => {
    const table = sampleTable('ltr');
    table.rows = [[
      { kind: 'time', value: '2025-03-14T07:30:00Z', local: '2025-03-14 10:30', text: 'Mar 14, 2025, 10:30 AM' },
      { kind: 'number', value: 7879.5, text: '7,879.5' },
      { kind: 'link', url: 'https://app.example.com/files/p.png', text: 'Photo' },
      'text',
    ]];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildXlsx(table)).buffer as ArrayBuffer);
    const row = workbook.worksheets[0].getRow(2);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect((row.getCell(1).value as Date).toISOString()).toBe('2025-03-14T10:30:00.000Z');
    expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(2).value).toBe(7879.5);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Hyperlink);
    expect(row.getCell(3).value).toEqual({ text: 'Photo', hyperlink: 'https://app.example.com/files/p.png' });
  });

  it('PDF holds the Arabic and English text as real text, letters as written', async () => {
    const text = await pdfText(await buildPdf(sampleTable('rtl'), pdfFonts()));
    for (const words of ['الإجابات المُرسلة', 'فحص الردهة', 'عمر حداد', 'خارج المبنى', 'الملاحظات', 'Lobby inspection', 'Omar, Haddad']) {
      expect(text).toContain(words);
    }
  }, 30_000);

  it('PDF of thousands of answers runs onto numbered pages with the header on each', async () => {
    const table = sampleTable('ltr');
    table.rows = Array.from({ length: 2000 }, (_, index) => ['Mar 14, 2025', `Task ${index}`, 'عمر حداد', `Note ${index}`]);
    const progress: number[] = [];
    const bytes = await buildPdf(table, pdfFonts(), (done) => progress.push(done));
    const text = await pdfText(bytes);
    const pages = text.split('\f');
    expect(pages.length).toBeGreaterThan(20);
    expect(pages[pages.length - 1]).toContain('Task 1999');
    expect(pages[pages.length - 1]).toContain('Member');
    expect(progress[progress.length - 1]).toBe(2000);
  }, 60_000);

  it('orders a mixed line for drawing: Arabic runs right to left, numbers and English left to right', () => {
    expect(visualRuns('الطابق 12 Tower', 'rtl')).toEqual([
      { text: 'Tower', rtl: false },
      { text: ' ', rtl: true },
      { text: '12', rtl: false },
      { text: 'الطابق ', rtl: true },
    ]);
    expect(visualRuns('Site: برج أ (B)', 'ltr')).toEqual([
      { text: 'Site: ', rtl: false },
      { text: 'برج أ', rtl: true },
      { text: ' (B)', rtl: false },
    ]);
    // Brackets inside Arabic are mirrored for drawing.
    expect(visualRuns('(نعم)', 'rtl')).toEqual([{ text: ')نعم(', rtl: true }]);
  });
});

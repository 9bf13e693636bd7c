import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsv, csvField } from './csv.ts';
import type { ExportCell } from './export-table.ts';
import { pdfFonts, pdfImages, pdfLinks, pdfText, pngOf, sampleTable } from './export-test-kit.ts';
import { buildJson } from './json.ts';
import { buildPdf } from './pdf.ts';
import { loadThumbnails, photoUrls, thumbnailLoader } from './pdf-images.ts';
import { visualRuns } from '@fieldops/shared/pdf-text';
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

  it('Excel holds numbers as numbers, times and date answers as dates and photos as hyperlinks', async () => {
    const table = sampleTable('ltr');
    table.rows = [
      [
        { kind: 'time', value: '2025-03-14T07:30:00Z', local: '2025-03-14 10:30', text: 'Mar 14, 2025, 10:30 AM' },
        { kind: 'number', value: 7879.5, text: '7,879.5' },
        { kind: 'link', url: 'https://app.example.com/files/p.png', text: 'Photo', media: 'photo', caption: '' },
        { kind: 'date', value: '2025-03-09', text: '9\u200f/3\u200f/2025' },
        {
          kind: 'link',
          url: 'https://app.example.com/api/files/q.png?expires=1',
          keep: 'https://app.example.com/api/export-links/t/q.png',
          text: 'Photo',
          media: 'photo',
          caption: '',
        },
      ],
    ];
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
    // A date answer is a date a spreadsheet sorts, not its words (with direction marks in Arabic).
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect((row.getCell(4).value as Date).toISOString()).toBe('2025-03-09T00:00:00.000Z');
    expect(row.getCell(4).numFmt).toBe('yyyy-mm-dd');
    // A photo with the export's lasting link is linked by it, not by the page's link of minutes.
    expect(row.getCell(5).value).toEqual({ text: 'Photo', hyperlink: 'https://app.example.com/api/export-links/t/q.png' });
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

describe('PDF photos', () => {
  // Stored files as the server hands them out at their links: a photo, one that is gone, and bytes
  // that only look like a picture.
  const files: Record<string, Uint8Array> = {
    '/api/files/0a1b.png': pngOf(80, 40),
    '/api/files/0c2d.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]),
  };
  const fetched: string[] = [];
  let server: http.Server;
  let origin = '';
  const at = (path: string) => `${origin}${path}?expires=1900000000&signature=abc`;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      fetched.push(path);
      const body = files[path];
      response.writeHead(body ? 200 : 404, { 'content-type': body ? 'image/png' : 'application/problem+json' });
      response.end(body ? Buffer.from(body) : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const photo = (url: string, text = 'Photo', caption = ''): ExportCell => ({ kind: 'link', url, text, media: 'photo', caption });
  const rowWith = (cell: ExportCell): ExportCell[] => ['Mar 14, 2025', 'Lobby inspection', 'Omar Haddad', cell];

  it('draws a photo as a thumbnail that opens it, the picture stored once however often it is shown', async () => {
    const table = sampleTable('ltr');
    table.rows = [rowWith(photo(at('/api/files/0a1b.png'))), rowWith(photo(at('/api/files/0a1b.png'), 'No', 'No'))];
    const urls = photoUrls(table, origin);
    expect(urls).toEqual([at('/api/files/0a1b.png')]);
    const bytes = await buildPdf(table, pdfFonts(), undefined, await loadThumbnails(urls, thumbnailLoader()));

    const images = await pdfImages(bytes);
    expect(images.drawn).toEqual([
      [
        { width: 80, height: 40 },
        { width: 80, height: 40 },
      ],
    ]);
    expect(images.stored).toBe(1);
    expect(await pdfLinks(bytes)).toEqual([at('/api/files/0a1b.png'), at('/api/files/0a1b.png')]);
    const text = await pdfText(bytes);
    // The thumbnail stands for the word; an answer's own words stay beside it.
    expect(text).not.toContain('Photo');
    expect(text).toContain('No');
  }, 30_000);

  it('names a photo in words, linked, when its picture is gone or cannot be read; a voice note stays words with a link', async () => {
    const table = sampleTable('rtl');
    const gone = at('/api/files/9f9f.png');
    const broken = at('/api/files/0c2d.png');
    const voice = at('/api/files/0e3f.webm');
    table.rows = [
      rowWith(photo(gone, 'صورة')),
      rowWith(photo(broken, 'صورة')),
      rowWith({ kind: 'link', url: voice, text: 'ملاحظة صوتية', media: 'voice', caption: '' }),
    ];
    fetched.length = 0;
    const images = await loadThumbnails(photoUrls(table, origin), thumbnailLoader());
    expect(fetched.sort()).toEqual(['/api/files/0c2d.png', '/api/files/9f9f.png']);
    const bytes = await buildPdf(table, pdfFonts(), undefined, images);

    expect((await pdfImages(bytes)).stored).toBe(0);
    expect(await pdfLinks(bytes)).toEqual([gone, broken, voice]);
    const text = await pdfText(bytes);
    expect(text.match(/صورة/g)).toHaveLength(2);
    expect(text).toContain('ملاحظة صوتية');
  }, 30_000);

  it('fetches only our own stored files, never another address', () => {
    const table = sampleTable('ltr');
    table.rows = [
      rowWith(photo('https://elsewhere.example/api/files/0a1b.png')),
      rowWith(photo(`${origin}/avatar.png`)),
      rowWith(photo('not a link')),
      rowWith({ kind: 'link', url: at('/api/files/0e3f.webm'), text: 'Voice note', media: 'voice', caption: '' }),
    ];
    expect(photoUrls(table, origin)).toEqual([]);
  });
});

// Import files as spreadsheets write them: each encoding and separator read to the same rows, the
// headings in English or Arabic, an Excel workbook, and files we cannot read refused with a message.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { AppError } from '../../../lib/errors.ts';
import { windows1256 } from '../../../test/encodings.ts';
import { encodingOf, readImportFile } from './import-files.ts';

const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
};

const CSV = 'Name,Email,Sites\nسارة علي,sara@example.com,المكتب الرئيسي\nJohn Smith,,Head Office\n';
const EXPECTED = [
  { row: 2, values: { name: 'سارة علي', email: 'sara@example.com', sites: 'المكتب الرئيسي' } },
  { row: 3, values: { name: 'John Smith', email: '', sites: 'Head Office' } },
];

const refusal = async (data: Buffer) => {
  try {
    await readImportFile('MEMBERS', data);
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.message}` : String(err);
  }
  return 'read';
};

describe('readImportFile', () => {
  it.each([
    ['UTF-8 without a byte-order mark', Buffer.from(CSV, 'utf8'), 'utf-8'],
    ['UTF-8 with a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')]), 'utf-8'],
    ['UTF-16 little endian with its mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CSV, 'utf16le')]), 'utf-16le'],
    ['UTF-16 big endian with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)]), 'utf-16be'],
    ['UTF-16 little endian without a mark', Buffer.from(CSV, 'utf16le'), 'utf-16le'],
    ['Windows-1256 (Excel on an Arabic machine)', windows1256(CSV), 'windows-1256'],
  ])('reads %s, Arabic names intact', async (_name, data, encoding) => {
    expect(encodingOf(data)).toBe(encoding);
    expect(await readImportFile('MEMBERS', data)).toEqual(EXPECTED);
  });

  it('reads semicolon and tab separated files, and quoted cells holding the separator', async () => {
    const semicolons = 'Name;Email;Sites\nسارة علي;sara@example.com;المكتب الرئيسي\nJohn Smith;;Head Office\n';
    expect(await readImportFile('MEMBERS', windows1256(semicolons))).toEqual(EXPECTED);
    expect(await readImportFile('MEMBERS', Buffer.from(CSV.replaceAll(',', '\t')))).toEqual(EXPECTED);
    const quoted = await readImportFile('MEMBERS', Buffer.from('Name,Sites\n"Ali Hassan","Head Office, Riyadh Mall"\n'));
    expect(quoted).toEqual([{ row: 2, values: { name: 'Ali Hassan', sites: 'Head Office, Riyadh Mall' } }]);
  });

  it('understands the Arabic headings, in any order, with the template asterisks, and ignores unknown columns', async () => {
    const data = Buffer.from('البريد الإلكتروني,ملاحظات,الاسم *,المواقع\nsara@example.com,x,سارة علي,المكتب الرئيسي\n');
    expect(await readImportFile('MEMBERS', data)).toEqual([{ row: 2, values: { email: 'sara@example.com', name: 'سارة علي', sites: 'المكتب الرئيسي' } }]);
  });

  it('reads the first sheet of an Excel workbook, numbers and formulas as their text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sites');
    sheet.addRow(['Name', 'Project', 'Latitude', 'Longitude']);
    sheet.addRow(['مجمع الرياض', 'Retail', 24.7136, { formula: '40+6.6753', result: 46.6753 }]);
    sheet.addRow([]);
    sheet.addRow(['Head Office', 'Retail', '', '']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readImportFile('SITES', data)).toEqual([
      { row: 2, values: { name: 'مجمع الرياض', project: 'Retail', latitude: '24.7136', longitude: '46.6753' } },
      { row: 4, values: { name: 'Head Office', project: 'Retail', latitude: '', longitude: '' } },
    ]);
  });

  it('refuses what it cannot read, saying why', async () => {
    const utf32 = Buffer.alloc(CSV.length * 4);
    [...CSV].forEach((ch, i) => utf32.writeUInt32LE(ch.codePointAt(0)!, i * 4));
    expect(await refusal(utf32)).toBe(`400 ${MSG.importEncoding}`);
    expect(await refusal(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02, 0x9f]))).toBe(`400 ${MSG.importEncoding}`);
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(`400 ${MSG.importFileType}`);
    expect(await refusal(Buffer.from('PK\u0003\u0004 not really a workbook'))).toBe(`400 ${MSG.importFileType}`);
    expect(await refusal(Buffer.from('Email,Sites\na@b.co,x\n'))).toBe(`400 ${MSG.importHeadingsMissing}`);
    expect(await refusal(Buffer.from('Name,Email\n\n\n'))).toBe(`400 ${MSG.importEmpty}`);
    expect(await refusal(Buffer.alloc(0))).toBe(`400 ${MSG.importEmpty}`);
    expect(await refusal(Buffer.from(`Name\n${'Ali\n'.repeat(20_001)}`))).toBe(`400 ${MSG.importTooManyRows}`);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SlaReport } from '@fieldops/shared/sla-report';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { slaBreach, slaFigures } from '../test/sla-fixtures.ts';
import { buildCsv } from './csv.ts';
import { pdfFonts, pdfText } from './export-test-kit.ts';
import { buildJson } from './json.ts';
import { buildPdf } from './pdf.ts';
import { toSlaExportTable } from './sla-export-rows.ts';
import { buildXlsx } from './xlsx.ts';

const figures = slaFigures();
const breach = slaBreach();
const REPORT: SlaReport = {
  startDate: '2024-03-01',
  endDate: '2024-03-31',
  timeZone: 'Asia/Riyadh',
  totals: figures,
  byCategory: [{ ...figures, id: 11, priority: null, name: null, nameEn: 'Plumbing', nameAr: 'سباكة' }],
  byPriority: [],
  bySite: [],
  byProject: [],
  breaches: [
    breach,
    { ...breach, ticketId: 902, title: 'Door stuck', priority: 'LOW', target: 'FIRST_RESPONSE', dueAt: null, lateMinutes: null, category: null, site: null },
  ],
  breachesTotal: 3,
};

const english = () => toSlaExportTable(REPORT, { t: i18n.getFixedT('en'), language: 'en', grouping: 'category', subtitle: 'March' });
const arabic = () => toSlaExportTable(REPORT, { t: i18n.getFixedT('ar'), language: 'ar', grouping: 'category', subtitle: 'مارس' });
const BREACH_COLUMNS = ['Ticket', 'Title', 'Category', 'Priority', 'Site', 'Target missed', 'Due', 'Late by (minutes)'];

describe('the SLA export with its breaches', () => {
  it('writes JSON under fixed names, the same in Arabic as in English: the figures, then the breaches with their minutes late', () => {
    type Json = Record<string, Record<string, unknown>[]>;
    const json = JSON.parse(buildJson(english())) as Json;
    expect(Object.keys(json)).toEqual(['figures', 'breaches']);
    expect(json.figures?.[0]).toEqual({
      group: 'All tickets',
      created: 5,
      resolved: 3,
      firstResponseMetPercent: 75,
      resolutionMetPercent: 66.7,
      medianFirstResponseMinutes: 35,
      medianResolutionMinutes: 136,
      breaches: 2,
    });
    expect(json.breaches?.[0]).toEqual({
      ticketId: 901,
      title: 'Leak in level 2',
      category: 'Plumbing',
      priority: 'High',
      site: 'Riyadh Mall',
      target: 'Resolution',
      dueAt: '2024-03-06T05:00:00.000Z',
      lateByMinutes: 90,
    });
    expect(json.breaches?.[1]?.lateByMinutes).toBe('');

    const inArabic = JSON.parse(buildJson(arabic())) as Json;
    expect(Object.keys(inArabic)).toEqual(['figures', 'breaches']);
    expect(Object.keys(inArabic.figures?.[0] ?? {})).toEqual(Object.keys(json.figures?.[0] ?? {}));
    expect(inArabic.breaches?.[0]).toMatchObject({ category: 'سباكة', lateByMinutes: 90 });
    expect(Object.keys(inArabic.breaches?.[0] ?? {})).toEqual(Object.keys(json.breaches?.[0] ?? {}));
  });

  it('lists each breach after the figures: ticket, title, category, priority, site, target, due time (the business zone) and minutes late', () => {
    const [section] = english().sections ?? [];
    expect(section?.title).toBe('Breaches');
    expect(section?.subtitle).toBe('The newest 2 of 3 breaches.');
    expect(section?.columns.map((column) => column.label)).toEqual(BREACH_COLUMNS);
    expect(section?.rows[0]).toEqual([
      { kind: 'number', value: 901, text: '#901' },
      'Leak in level 2',
      'Plumbing',
      'High',
      'Riyadh Mall',
      'Resolution',
      { kind: 'time', value: '2024-03-06T05:00:00.000Z', local: '2024-03-06 08:00', text: expect.stringContaining('8:00') as unknown },
      { kind: 'number', value: 90, text: '90' },
    ]);
    expect(section?.rows[1]).toEqual([{ kind: 'number', value: 902, text: '#902' }, 'Door stuck', '', 'Low', '', 'First response', '', '']);
    expect(arabic().sections?.[0]?.rows[0]?.slice(1, 6)).toEqual(['Leak in level 2', 'سباكة', 'عالية', 'Riyadh Mall', 'الحل']);
  });

  it('writes the breaches into the other formats: a block of the CSV, a sheet of the workbook, pages of the PDF', async () => {
    const csv = buildCsv(english()).slice(1).split('\r\n');
    const at = csv.indexOf('Breaches');
    expect(at).toBeGreaterThan(2);
    expect(csv[at - 1]).toBe('');
    expect(csv[at + 1]).toBe(BREACH_COLUMNS.join(','));
    expect(csv[at + 2]).toBe('901,Leak in level 2,Plumbing,High,Riyadh Mall,Resolution,2024-03-06 08:00,90');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildXlsx(arabic())).buffer as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['اتفاقية الخدمة', 'المخالفات']);
    const sheet = workbook.worksheets[1];
    expect(sheet?.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(2).getCell(1).value).toBe(901);
    expect(sheet?.getRow(2).getCell(3).value).toBe('سباكة');
    expect(sheet?.getRow(2).getCell(7).value).toEqual(new Date('2024-03-06T08:00:00Z'));
    expect(sheet?.getRow(1).getCell(8).value).toBe('التأخير (بالدقائق)');
    expect(sheet?.getRow(2).getCell(8).value).toBe(90);
    expect(sheet?.rowCount).toBe(3);

    const pages = (await pdfText(await buildPdf(english(), pdfFonts()))).split('\f');
    expect(pages).toHaveLength(2);
    for (const words of ['Breaches', 'The newest 2 of 3 breaches.', 'Target missed', '#901', 'Leak in level 2', 'Plumbing', 'Riyadh Mall', 'Door stuck']) {
      expect(pages[1]).toContain(words);
    }
    // The title of the minutes late says its unit (over two lines in its narrow column), and its cells are minutes.
    expect(pages[1]?.replace(/\s+/g, ' ')).toContain('Late by (minutes)');
    expect(pages[1]).toMatch(/^#901 .* 90$/m);
    expect(pages[1]).not.toContain('1 h 30 min');
    expect(pages[0]).not.toContain('Leak in level 2');
  }, 60_000);
});

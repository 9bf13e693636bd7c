import { describe, expect, it } from 'vitest';
import { makeAnswer } from '../../../components/answer-view/test-fixtures.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { buildCsv } from './csv.ts';
import { toExportTable } from './export-rows.ts';
import { cellText } from './export-table.ts';
import { buildJson } from './json.ts';

const answers = [
  makeAnswer(1, 'MULTIPLE_CHOICE', ['0', '2'], { isFlagged: true, ticketId: 12, notes: 'Mopped, then dried' }),
  makeAnswer(2, 'PHOTO', null, { file: '/files/p.png', outside: true }),
  makeAnswer(3, 'NUMBER', 7879.5, { ticketId: 1234, scheduleScore: 76.5 }),
];

const context = (language: 'en' | 'ar') => ({
  t: i18n.getFixedT(language),
  language,
  timeZone: 'Asia/Riyadh',
  projectName: (siteId: number) => (siteId === 1 ? 'Riyadh Towers' : ''),
  subtitle: 'All dates',
});

describe('answers as an export table', () => {
  it('gives translated columns and values in words, times in the business zone', () => {
    const table = toExportTable(answers, context('en'));
    expect(table.direction).toBe('ltr');
    expect(table.columns.map((column) => column.label)).toEqual([
      'Time',
      'Task',
      'Action',
      'Member',
      'Site',
      'Project',
      'Answer',
      'Notes',
      'Needs attention',
      'Outside the site area',
      'Ticket',
      'Inspection score (%)',
    ]);
    // 07:30 UTC is 10:30 in Riyadh.
    expect(table.rows[0].map(cellText)).toEqual([
      'Mar 14, 2025, 10:30 AM',
      'Lobby inspection',
      'Lobby floor',
      'Omar Haddad',
      'Tower A',
      'Riyadh Towers',
      'Clean and Wet floor',
      'Mopped, then dried',
      'Yes',
      'No',
      '#12',
      '',
    ]);
    expect(table.rows[0][0]).toMatchObject({ kind: 'time', local: '2025-03-14 10:30' });
    expect(table.rows[1][6]).toEqual({ kind: 'link', url: `${window.location.origin}/files/p.png`, text: 'Photo', media: 'photo', caption: '' });
    expect(table.rows[1].slice(8).map(cellText)).toEqual(['No', 'Yes', '', '']);
    // The score of the answer's inspection, a number a spreadsheet can average; none where its task scores nothing.
    expect(table.rows[2][11]).toEqual({ kind: 'number', value: 76.5, text: '76.5%' });
    expect(table.rows[2][6]).toEqual({ kind: 'number', value: 7879.5, text: '7,879.5' });
  });

  it('names what a photo or a voice note links to, and gives a photo the words to show beside its thumbnail', () => {
    const withMedia = [
      makeAnswer(4, 'YES_NO', 'NO', { file: '/files/door.jpg' }),
      makeAnswer(5, 'PHOTO', null, { file: '/files/q.png', voice: '/files/q.webm' }),
      makeAnswer(6, 'VOICE', null, { voice: '/files/v.webm' }),
      makeAnswer(7, 'SIGNATURE', null, { file: '/files/s.png' }),
    ];
    const cells = toExportTable(withMedia, context('en')).rows.map((row) => row[6]);
    expect(cells[3]).toMatchObject({ media: 'photo', url: `${window.location.origin}/files/s.png`, text: 'Signature' });
    expect(cells[0]).toEqual({ kind: 'link', url: `${window.location.origin}/files/door.jpg`, text: 'No', media: 'photo', caption: 'No' });
    expect(cells[1]).toMatchObject({ media: 'photo', url: `${window.location.origin}/files/q.png`, text: 'Photo, Voice note', caption: 'Voice note' });
    expect(cells[2]).toEqual({ kind: 'link', url: `${window.location.origin}/files/v.webm`, text: 'Voice note', media: 'voice', caption: '' });
  });

  it('writes numbers as numbers, times as times and photos as links in CSV and JSON', () => {
    const table = toExportTable(answers, context('ar'));
    const csv = buildCsv(table).split('\r\n');
    // A number a spreadsheet can sum (not "7,879.5" nor Arabic digits), a time it can sort, the photo's address.
    expect(csv[3]).toMatch(/^2025-03-14 10:30,.*,7879\.5,.*,1234,76\.5$/);
    expect(csv[2]).toContain(`${window.location.origin}/files/p.png`);
    const records = JSON.parse(buildJson(table)) as Record<string, unknown>[];
    expect(Object.values(records[2])).toContain(7879.5);
    expect(Object.values(records[2])).toContain(1234);
    expect(Object.values(records[0])[0]).toBe(answers[0].createdDate);
  });

  it('writes a date answer as a date, in every format and both languages, with no direction marks', () => {
    const dated = [makeAnswer(7, 'DATE', '2025-03-09')];
    for (const language of ['en', 'ar'] as const) {
      const table = toExportTable(dated, context(language));
      const cell = table.rows[0]![6];
      expect(cell).toMatchObject({ kind: 'date', value: '2025-03-09' });
      expect(buildCsv(table).split('\r\n')[1]).toContain(',2025-03-09,');
      expect(Object.values((JSON.parse(buildJson(table)) as Record<string, unknown>[])[0]!)).toContain('2025-03-09');
      expect(JSON.stringify(buildCsv(table))).not.toMatch(/\\u200[ef]|\\u061c/i);
    }
    expect(cellText(toExportTable(dated, context('en')).rows[0]![6])).toBe('Mar 9, 2025');
  });

  it('in Arabic: right to left, Arabic names and words', () => {
    const table = toExportTable(answers, context('ar'));
    expect(table.direction).toBe('rtl');
    expect(table.columns[1].label).toBe('المهمة');
    expect(table.rows[0].slice(1, 3)).toEqual(['فحص الردهة', 'أرضية الردهة']);
    expect(table.rows[0][6]).toBe('نظيف وأرضية مبللة');
    expect(cellText(table.rows[0][0])).toContain('10:30');
    expect(table.rows[0][8]).toBe('نعم');
    expect(table.columns[11].label).toBe('درجة الفحص (%)');
    expect(cellText(table.rows[2][11])).toBe('76.5%');
  });
});

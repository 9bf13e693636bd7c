import { describe, expect, it } from 'vitest';
import { makeAnswer } from '../../../components/answer-view/test-fixtures.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { toExportTable } from './export-rows.ts';

const answers = [
  makeAnswer(1, 'MULTIPLE_CHOICE', ['0', '2'], { isFlagged: true, ticketId: 12, notes: 'Mopped, then dried' }),
  makeAnswer(2, 'PHOTO', null, { file: '/files/p.png', outside: true }),
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
      'Time', 'Task', 'Action', 'Member', 'Site', 'Project', 'Answer', 'Notes', 'Needs attention', 'Outside the site area', 'Ticket',
    ]);
    // 07:30 UTC is 10:30 in Riyadh.
    expect(table.rows[0]).toEqual([
      'Mar 14, 2025, 10:30 AM', 'Lobby inspection', 'Lobby floor', 'Omar Haddad', 'Tower A', 'Riyadh Towers', 'Clean and Wet floor', 'Mopped, then dried', 'Yes', 'No', '#12',
    ]);
    expect(table.rows[1][6]).toBe('Photo');
    expect(table.rows[1].slice(8)).toEqual(['No', 'Yes', '']);
  });

  it('in Arabic: right to left, Arabic names and words', () => {
    const table = toExportTable(answers, context('ar'));
    expect(table.direction).toBe('rtl');
    expect(table.columns[1].label).toBe('المهمة');
    expect(table.rows[0].slice(1, 3)).toEqual(['فحص الردهة', 'أرضية الردهة']);
    expect(table.rows[0][6]).toBe('نظيف وأرضية مبللة');
    expect(table.rows[0][0]).toContain('10:30');
    expect(table.rows[0][8]).toBe('نعم');
  });
});

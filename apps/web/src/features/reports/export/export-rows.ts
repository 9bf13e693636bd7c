// Answers as an export table: translated column titles and every value in words in the current
// language, times in the business's time zone (the same words the page shows), and the score of
// each answer's inspection as a number (empty where its task scores nothing).
import type { TFunction } from 'i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { answerValueText } from '../../../components/answer-view/answer-text.ts';
import { formatZonedDateTime } from '../../../lib/business-time.ts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { localizedName } from '../../../lib/localized.ts';
import { EXPORT_COLUMNS, type ExportCell, type ExportColumnKey, type ExportTable } from './export-table.ts';

const WIDTHS: Record<ExportColumnKey, number> = {
  time: 11,
  task: 13,
  action: 14,
  member: 11,
  site: 10,
  project: 10,
  answer: 12,
  notes: 16,
  flagged: 9,
  outside: 9,
  ticket: 6,
  score: 7,
};

export interface ExportContext {
  t: TFunction;
  language: Language;
  timeZone: string;
  projectName: (siteId: number) => string;
  /** "From … to … · N answers" */
  subtitle: string;
}

/** The answer in words; a photo or a voice note is named, as it cannot be shown in a file. */
export function answerWords(answer: ActionResult, language: Language, t: TFunction): string {
  const text = answerValueText(answer, language, t);
  if (text !== null) return text;
  const media = [
    answer.file ? t(answer.action.type === 'SIGNATURE' ? 'answerView.signature' : 'answerView.photo') : null,
    answer.voice ? t('answerView.voice') : null,
  ].filter(Boolean);
  return media.length > 0 ? media.join(', ') : t('answerView.noValue');
}

/** "2026-11-23 09:05": the instant's wall-clock time in the zone, as spreadsheets read a time. */
export function localStamp(value: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** An address the file opens from anywhere, not only from the page. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The answer as a cell: a number for a number or a rating, a date for a date, a link to a photo (or else a voice
 * note), else words. Beside a photo's thumbnail go the answer's words, or the voice note's name
 * when there is one too.
 */
export function answerCell(answer: ActionResult, language: Language, t: TFunction): ExportCell {
  const text = answerWords(answer, language, t);
  const { type } = answer.action;
  if ((type === 'NUMBER' || type === 'RATING') && typeof answer.value === 'number') return { kind: 'number', value: answer.value, text };
  if (type === 'DATE' && typeof answer.value === 'string' && CALENDAR_DATE.test(answer.value)) return { kind: 'date', value: answer.value, text };
  if (answer.file) {
    const caption = answerValueText(answer, language, t) ?? (answer.voice ? t('answerView.voice') : '');
    return { kind: 'link', url: absolute(answer.file), text, media: 'photo', caption };
  }
  if (answer.voice) return { kind: 'link', url: absolute(answer.voice), text, media: 'voice', caption: '' };
  return text;
}

export function exportRow(answer: ActionResult, context: ExportContext): ExportCell[] {
  const { t, language } = context;
  const yesNo = (value: boolean) => (value ? t('reports.export.yes') : t('reports.export.no'));
  const values: Record<ExportColumnKey, ExportCell> = {
    time: {
      kind: 'time',
      value: answer.createdDate,
      local: localStamp(answer.createdDate, context.timeZone),
      text: formatZonedDateTime(answer.createdDate, context.timeZone, language),
    },
    task: localizedName({ nameEn: answer.taskNameEn, nameAr: answer.taskNameAr }, language),
    action: localizedName(answer.action, language) || t('answerView.untitledAction'),
    member: answer.userFullName,
    site: answer.teamName,
    project: context.projectName(answer.teamId),
    answer: answerCell(answer, language, t),
    notes: answer.notes ?? '',
    flagged: yesNo(answer.isFlagged),
    outside: yesNo(answer.outside),
    ticket: answer.ticketId === null ? '' : { kind: 'number', value: answer.ticketId, text: `#${formatNumber(answer.ticketId, language)}` },
    // A percentage, written as the number a spreadsheet can average; the column's title says "%".
    score:
      answer.scheduleScore === null || answer.scheduleScore === undefined
        ? ''
        : { kind: 'number', value: answer.scheduleScore, text: formatPercent(answer.scheduleScore, language) },
  };
  return EXPORT_COLUMNS.map((key) => values[key]);
}

export function toExportTable(answers: readonly ActionResult[], context: ExportContext): ExportTable {
  const { t, language } = context;
  return {
    direction: language === 'ar' ? 'rtl' : 'ltr',
    title: t('reports.export.documentTitle'),
    subtitle: context.subtitle,
    sheetName: t('reports.export.sheetName'),
    columns: EXPORT_COLUMNS.map((key) => ({ key, label: t(`reports.columns.${key}`), width: WIDTHS[key] })),
    rows: answers.map((answer) => exportRow(answer, context)),
  };
}

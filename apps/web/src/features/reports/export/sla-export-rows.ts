// The SLA report as an export table, built like the answers' (export-table.ts): the chosen
// grouping's rows under a first row for all tickets, titles in the current language, shares and
// medians as numbers a spreadsheet can sum and sort (working minutes) with their words beside them.
// The breaches the report lists follow as a section of their own (a second sheet, a block of the
// CSV, a key of the JSON, pages of the PDF): the ticket, its title, category, priority and site,
// the target missed, when it was due (the business's time) and how late it came (minutes of clock time,
// which its title says). The JSON names its two lists and their fields in English words, the same
// in every language, so that a program reading it need not know the language it was exported in.
import type { TFunction } from 'i18next';
import type { SlaBreach, SlaFigures, SlaGrouping, SlaReport } from '@fieldops/shared/sla-report';
import { formatZonedDateTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { formatShare, formatWorkingTime, slaBreachCategory, slaGroupName } from '../sla-format.ts';
import { localStamp } from './export-rows.ts';
import type { ExportCell, ExportColumn, ExportSection, ExportTable } from './export-table.ts';

/** Each column's key (its title's), width and name in JSON. */
export const SLA_EXPORT_COLUMNS = [
  ['group', 16, 'group'],
  ['created', 8, 'created'],
  ['resolved', 8, 'resolved'],
  ['firstResponseMet', 10, 'firstResponseMetPercent'],
  ['resolutionMet', 10, 'resolutionMetPercent'],
  ['medianFirstResponse', 12, 'medianFirstResponseMinutes'],
  ['medianResolution', 12, 'medianResolutionMinutes'],
  ['breaches', 8, 'breaches'],
] as const;

export interface SlaExportContext {
  t: TFunction;
  language: Language;
  grouping: SlaGrouping;
  /** "From … to …" */
  subtitle: string;
}

function cells(name: string, figures: SlaFigures, { t, language }: SlaExportContext): ExportCell[] {
  const count = (value: number): ExportCell => ({ kind: 'number', value, text: formatNumber(value, language) });
  const share = (value: number | null): ExportCell => (value === null ? '' : { kind: 'number', value, text: formatShare(value, language) });
  const minutes = (value: number | null): ExportCell =>
    value === null ? '' : { kind: 'number', value: Math.round(value), text: formatWorkingTime(value, language, t) };
  return [
    name,
    count(figures.created),
    count(figures.resolved),
    share(figures.firstResponseMetPercent),
    share(figures.resolutionMetPercent),
    minutes(figures.medianFirstResponseMinutes),
    minutes(figures.medianResolutionMinutes),
    count(figures.breaches),
  ];
}

export const SLA_BREACH_EXPORT_COLUMNS = [
  ['ticket', 6, 'ticketId'],
  ['title', 18, 'title'],
  ['category', 10, 'category'],
  ['priority', 7, 'priority'],
  ['site', 10, 'site'],
  ['target', 9, 'target'],
  ['dueAt', 11, 'dueAt'],
  ['lateMinutes', 8, 'lateByMinutes'],
] as const;

function breachCells(breach: SlaBreach, timeZone: string, { t, language }: SlaExportContext): ExportCell[] {
  return [
    { kind: 'number', value: breach.ticketId, text: `#${formatNumber(breach.ticketId, language)}` },
    breach.title,
    slaBreachCategory(breach, language),
    t(`reports.sla.priority.${breach.priority}`),
    breach.site?.name ?? '',
    t(`reports.sla.targets.${breach.target}`),
    breach.dueAt === null
      ? ''
      : { kind: 'time', value: breach.dueAt, local: localStamp(breach.dueAt, timeZone), text: formatZonedDateTime(breach.dueAt, timeZone, language) },
    // Minutes in every format, the PDF's words too, as the column's title says.
    breach.lateMinutes === null ? '' : { kind: 'number', value: breach.lateMinutes, text: formatNumber(breach.lateMinutes, language) },
  ];
}

/** The breaches the report lists, newest first; the line under the title says when there are more. */
function breachSection(report: SlaReport, context: SlaExportContext): ExportSection {
  const { t, language } = context;
  const title = t('reports.sla.breachesTitle');
  return {
    title,
    subtitle:
      report.breachesTotal > report.breaches.length
        ? t('reports.sla.breachesSome', { shown: formatNumber(report.breaches.length, language), total: formatNumber(report.breachesTotal, language) })
        : t('reports.sla.breachesAll', { count: report.breachesTotal, total: formatNumber(report.breachesTotal, language) }),
    sheetName: title.slice(0, 31),
    jsonKey: 'breaches',
    columns: SLA_BREACH_EXPORT_COLUMNS.map(([key, width, jsonKey]) => ({ key, label: t(`reports.sla.breachColumns.${key}`), width, jsonKey })),
    rows: report.breaches.map((breach) => breachCells(breach, report.timeZone, context)),
  };
}

const GROUPS = { category: 'byCategory', priority: 'byPriority', site: 'bySite', project: 'byProject' } as const;

export function toSlaExportTable(report: SlaReport, context: SlaExportContext): ExportTable {
  const { t, language, grouping } = context;
  const columns: ExportColumn[] = SLA_EXPORT_COLUMNS.map(([key, width, jsonKey]) => ({
    key,
    label: key === 'group' ? t(`reports.sla.groupings.${grouping}`) : t(`reports.sla.columns.${key}`),
    width,
    jsonKey,
  }));
  return {
    direction: language === 'ar' ? 'rtl' : 'ltr',
    title: t('reports.sla.documentTitle'),
    subtitle: context.subtitle,
    sheetName: t('reports.sla.sheetName').slice(0, 31),
    jsonKey: 'figures',
    columns,
    rows: [
      cells(t('reports.sla.allTickets'), report.totals, context),
      ...report[GROUPS[grouping]].map((group) => cells(slaGroupName(group, grouping, language, t), group, context)),
    ],
    sections: [breachSection(report, context)],
  };
}

export const slaExportFileName = (today: string, extension: string) => `sla-${today}.${extension}`;

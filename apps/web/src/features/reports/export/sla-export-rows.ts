// The SLA report as an export table, built like the answers' (export-table.ts): the chosen
// grouping's rows under a first row for all tickets, titles in the current language, shares and
// medians as numbers a spreadsheet can sum and sort (working minutes) with their words beside them.
// The breaches the report lists follow as a section of their own (a second sheet, a block of the
// CSV, a key of the JSON, pages of the PDF): the ticket, its title, category, priority and site,
// the target missed, when it was due (the business's time) and how late it came (minutes).
import type { TFunction } from 'i18next';
import type { SlaBreach, SlaFigures, SlaGrouping, SlaReport } from '@fieldops/shared/sla-report';
import { formatZonedDateTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { formatShare, formatWorkingTime, slaBreachCategory, slaGroupName } from '../sla-format.ts';
import { localStamp } from './export-rows.ts';
import type { ExportCell, ExportColumn, ExportSection, ExportTable } from './export-table.ts';

export const SLA_EXPORT_COLUMNS = [
  ['group', 16],
  ['created', 8],
  ['resolved', 8],
  ['firstResponseMet', 10],
  ['resolutionMet', 10],
  ['medianFirstResponse', 12],
  ['medianResolution', 12],
  ['breaches', 8],
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
  ['ticket', 6],
  ['title', 18],
  ['category', 10],
  ['priority', 7],
  ['site', 10],
  ['target', 9],
  ['dueAt', 11],
  ['late', 8],
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
    breach.lateMinutes === null ? '' : { kind: 'number', value: breach.lateMinutes, text: formatWorkingTime(breach.lateMinutes, language, t) },
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
    columns: SLA_BREACH_EXPORT_COLUMNS.map(([key, width]) => ({ key, label: t(`reports.sla.breachColumns.${key}`), width })),
    rows: report.breaches.map((breach) => breachCells(breach, report.timeZone, context)),
  };
}

const GROUPS = { category: 'byCategory', priority: 'byPriority', site: 'bySite', project: 'byProject' } as const;

export function toSlaExportTable(report: SlaReport, context: SlaExportContext): ExportTable {
  const { t, language, grouping } = context;
  const columns: ExportColumn[] = SLA_EXPORT_COLUMNS.map(([key, width]) => ({
    key,
    label: key === 'group' ? t(`reports.sla.groupings.${grouping}`) : t(`reports.sla.columns.${key}`),
    width,
  }));
  return {
    direction: language === 'ar' ? 'rtl' : 'ltr',
    title: t('reports.sla.documentTitle'),
    subtitle: context.subtitle,
    sheetName: t('reports.sla.sheetName').slice(0, 31),
    columns,
    rows: [
      cells(t('reports.sla.allTickets'), report.totals, context),
      ...report[GROUPS[grouping]].map((group) => cells(slaGroupName(group, grouping, language, t), group, context)),
    ],
    sections: [breachSection(report, context)],
  };
}

export const slaExportFileName = (today: string, extension: string) => `sla-${today}.${extension}`;

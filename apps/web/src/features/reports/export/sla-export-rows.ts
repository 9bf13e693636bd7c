// The SLA report as an export table, built like the answers' (export-table.ts): the chosen
// grouping's rows under a first row for all tickets, titles in the current language, shares and
// medians as numbers a spreadsheet can sum and sort (working minutes) with their words beside them.
import type { TFunction } from 'i18next';
import type { SlaFigures, SlaGrouping, SlaReport } from '@fieldops/shared/sla-report';
import { formatNumber } from '../../../lib/format.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { formatShare, formatWorkingTime, slaGroupName } from '../sla-format.ts';
import type { ExportCell, ExportColumn, ExportTable } from './export-table.ts';

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
  };
}

export const slaExportFileName = (today: string, extension: string) => `sla-${today}.${extension}`;

// The SLA view's exports: the report on screen as an export table (sla-export-rows.ts) built in
// the export worker like the answers' files, the view captured as a PNG, or printed. One at a time;
// Cancel stops it. The subtitle ("From … to …") heads the file and the view alike. Each is told to
// the audit log (record-export.ts).
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlaGrouping, SlaReport } from '@fieldops/shared/sla-report';
import { formatCalendarDate } from '../../../components/answer-view/answer-text.ts';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { recordExport } from '../api/record-export.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { ExportFormat } from '../export/export-table.ts';
import { buildInWorker } from '../export/run-export.ts';
import { slaExportFileName, toSlaExportTable } from '../export/sla-export-rows.ts';
import type { ExportState } from './use-export.ts';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useSlaExport(report: SlaReport | undefined, grouping: SlaGrouping) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const [state, setState] = useState<ExportState | null>(null);
  const controller = useRef<AbortController | null>(null);
  const subtitle = report
    ? t('reports.summary.range', { from: formatCalendarDate(report.startDate, language), to: formatCalendarDate(report.endDate, language) })
    : '';

  const begin = (kind: ExportState['kind']) => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setState({ kind, phase: 'building', done: 0, total: 0 });
    return next.signal;
  };
  const fail = (error: unknown) => {
    if (!isAbort(error)) notifyError(errorMessage(error, 'exportFailed'), t('reports.export.failedTitle'));
  };

  const filtersOf = (shown: SlaReport) => ({ startDate: shown.startDate, endDate: shown.endDate, grouping });

  const exportFile = async (format: ExportFormat) => {
    if (!report) return;
    const signal = begin(format);
    try {
      const table = toSlaExportTable(report, { t, language, grouping, subtitle });
      const blob = await buildInWorker(format, table, (done, total) => setState({ kind: format, phase: 'building', done, total }), signal);
      saveFile(blob, slaExportFileName(time.today(), format));
      recordExport({ what: 'reports.sla', format, filters: filtersOf(report) });
    } catch (error) {
      fail(error);
    } finally {
      if (!signal.aborted) setState(null);
    }
  };

  const print = () => {
    if (report) recordExport({ what: 'reports.sla', format: 'print', filters: filtersOf(report) });
    window.print();
  };

  const exportImage = async (node: HTMLElement | null) => {
    if (!node) return;
    const signal = begin('image');
    try {
      const { toBlob } = await import('html-to-image');
      const blob = await toBlob(node, {
        backgroundColor: '#ffffff',
        pixelRatio: Math.min(2, window.devicePixelRatio || 1),
        filter: (element) => !(element instanceof HTMLElement && element.dataset.noCapture === 'true'),
      });
      if (signal.aborted) return;
      if (!blob) throw new Error('No image');
      saveFile(blob, slaExportFileName(time.today(), 'png'));
      recordExport({ what: 'reports.sla', format: 'png' });
    } catch (error) {
      fail(error);
    } finally {
      if (!signal.aborted) setState(null);
    }
  };

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState(null);
  }, []);

  return { state, subtitle, exportFile, exportImage, print, cancel };
}

// One export at a time: fetch every filtered answer (progress), build the file in a worker
// (progress), save it. `image` captures the current view as a PNG; `print` fetches every answer
// into the print copy and opens the browser's print dialog. Cancel stops whichever is running.
// Each file, picture and print is told to the audit log (record-export.ts).
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import type { ExportFormat } from '../export/export-table.ts';
import { createExportLinks } from '../api/create-export-links.ts';
import { recordExport } from '../api/record-export.ts';
import { toExportTable } from '../export/export-rows.ts';
import { addLastingLinks } from '../export/lasting-links.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { buildInWorker, exportFileName, fetchAllSubmissions } from '../export/run-export.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

export type ExportKind = ExportFormat | 'image' | 'print';

export interface ExportState {
  kind: ExportKind;
  phase: 'fetching' | 'building';
  done: number;
  total: number;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The filters an export was made with, as the audit log keeps them. */
const recordedFilters = (filters: SubmissionFilters) => ({
  startDate: filters.startDate,
  endDate: filters.endDate,
  projects: filters.projects.join(','),
  sites: filters.sites.join(','),
  member: filters.member,
  task: filters.task,
  tag: filters.tag,
  delayed: filters.delayed,
});

export function useExport(filters: SubmissionFilters, subtitle: (count: number) => string) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const sites = useAllSitesQuery();
  const [state, setState] = useState<ExportState | null>(null);
  const [printRows, setPrintRows] = useState<ActionResult[] | null>(null);
  const controller = useRef<AbortController | null>(null);

  const begin = (kind: ExportKind) => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setState({ kind, phase: 'fetching', done: 0, total: 0 });
    return next.signal;
  };
  const progress = (kind: ExportKind, phase: ExportState['phase']) => (done: number, total: number) => setState({ kind, phase, done, total });
  const fail = (error: unknown) => {
    if (!isAbort(error)) notifyError(errorMessage(error, 'exportFailed'), t('reports.export.failedTitle'));
  };

  const exportFile = useCallback(
    async (format: ExportFormat) => {
      const signal = begin(format);
      try {
        const answers = await fetchAllSubmissions(filters, progress(format, 'fetching'), signal);
        setState({ kind: format, phase: 'building', done: 0, total: answers.length });
        const projectName = (siteId: number) => sites.data?.data.find((site) => site.id === siteId)?.project.name ?? '';
        const table = toExportTable(answers, { t, language, timeZone: time.timeZone, projectName, subtitle: subtitle(answers.length) });
        // The links the file keeps work for as long as the business wants, not the page's minutes.
        await addLastingLinks(table, (keys) => createExportLinks(keys, signal));
        const blob = await buildInWorker(format, table, progress(format, 'building'), signal);
        saveFile(blob, exportFileName(time.today(), format));
        recordExport({ what: 'reports.answers', format, rows: answers.length, filters: recordedFilters(filters) });
        notifySuccess(t('reports.export.done', { count: answers.length }));
      } catch (error) {
        fail(error);
      } finally {
        if (!signal.aborted) setState(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- begin/progress/fail only use setters and t
    [filters, sites.data, t, language, time, subtitle],
  );

  const exportImage = useCallback(
    async (node: HTMLElement | null) => {
      if (!node) return;
      const signal = begin('image');
      try {
        setState({ kind: 'image', phase: 'building', done: 0, total: 0 });
        const { toBlob } = await import('html-to-image');
        const blob = await toBlob(node, {
          backgroundColor: '#ffffff',
          pixelRatio: Math.min(2, window.devicePixelRatio || 1),
          filter: (element) => !(element instanceof HTMLElement && element.dataset.noCapture === 'true'),
        });
        if (signal.aborted) return;
        if (!blob) throw new Error('No image');
        saveFile(blob, exportFileName(time.today(), 'png'));
        recordExport({ what: 'reports.answers', format: 'png' });
      } catch (error) {
        fail(error);
      } finally {
        if (!signal.aborted) setState(null);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- begin/fail only use setters and t
    [time],
  );

  const print = useCallback(async () => {
    const signal = begin('print');
    try {
      const answers = await fetchAllSubmissions(filters, progress('print', 'fetching'), signal);
      setPrintRows(answers);
      setState(null);
      recordExport({ what: 'reports.answers', format: 'print', rows: answers.length, filters: recordedFilters(filters) });
      // Let the print copy render, then print; it goes away when the dialog closes.
      window.setTimeout(() => {
        const clear = () => {
          setPrintRows(null);
          window.removeEventListener('afterprint', clear);
        };
        window.addEventListener('afterprint', clear);
        window.print();
      }, 300);
    } catch (error) {
      setState(null);
      fail(error);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- begin/progress/fail only use setters and t
  }, [filters]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState(null);
  }, []);

  return { state, exportFile, exportImage, print, printRows, cancel };
}

// Runs an export without freezing the page: every page of the filtered answers is fetched (with
// progress), then the file is built in a Web Worker, so the libraries that build it load only
// then and only there. Both steps stop when the signal aborts (the Cancel button).
import boldFontUrl from '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url';
import regularFontUrl from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { fetchSubmissions } from '../api/get-submissions.ts';
import type { SubmissionFilters } from '../submission-filters.ts';
import { EXPORT_MIME, type ExportFormat, type ExportTable } from './export-table.ts';
import type { ExportRequest, ExportResponse } from './worker-protocol.ts';

export type Progress = (done: number, total: number) => void;

/** Every answer the filters select, newest first, fetched a full page (500) at a time. */
export async function fetchAllSubmissions(
  filters: SubmissionFilters,
  onProgress: Progress,
  signal: AbortSignal,
  pageSize = MAX_PAGE_SIZE,
): Promise<ActionResult[]> {
  const seen = new Set<number>();
  const answers: ActionResult[] = [];
  let total = Infinity;
  for (let page = 0; page * pageSize < total; page += 1) {
    const result = await fetchSubmissions(filters, page, pageSize, signal);
    total = result.total;
    // An answer given while the pages are read pushes the others down a place: skip repeats.
    for (const answer of result.data) {
      if (!seen.has(answer.id)) {
        seen.add(answer.id);
        answers.push(answer);
      }
    }
    onProgress(Math.min(answers.length, total), total);
    if (result.data.length === 0) break;
  }
  return answers;
}

function workerFor(format: ExportFormat): Worker {
  // Each literal `new Worker(new URL(...))` becomes its own bundle.
  switch (format) {
    case 'xlsx':
      return new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' });
    case 'pdf':
      return new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module' });
    case 'csv':
    case 'json':
      return new Worker(new URL('./text.worker.ts', import.meta.url), { type: 'module' });
  }
}

/** The file built in a worker, as a Blob of the format's type. */
export function buildInWorker(format: ExportFormat, table: ExportTable, onProgress: Progress, signal: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = workerFor(format);
    const stop = () => {
      worker.terminate();
      reject(new DOMException('Export cancelled', 'AbortError'));
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<ExportResponse>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress(message.done, message.total);
        return;
      }
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (message.type === 'done') resolve(new Blob([message.bytes], { type: EXPORT_MIME[format] }));
      else reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'Export failed'));
    };
    const request: ExportRequest = {
      format,
      table,
      fonts:
        format === 'pdf' ? { regular: new URL(regularFontUrl, window.location.href).href, bold: new URL(boldFontUrl, window.location.href).href } : undefined,
    };
    worker.postMessage(request);
  });
}

export const exportFileName = (today: string, extension: string) => `submissions-${today}.${extension}`;

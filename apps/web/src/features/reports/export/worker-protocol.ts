// Messages between the page and the export workers. The page sends the table (and, for a PDF,
// the font addresses); the worker answers with progress and then the file's bytes or an error.
import type { ExportFormat, ExportTable } from './export-table.ts';

export interface ExportRequest {
  format: ExportFormat;
  table: ExportTable;
  /** Absolute addresses of the regular and bold font files (PDF only). */
  fonts?: { regular: string; bold: string };
}

export type ExportResponse = { type: 'progress'; done: number; total: number } | { type: 'done'; bytes: ArrayBuffer } | { type: 'error'; message: string };

/** The worker side: runs `build` on each request and posts its outcome. */
export function serveExports(build: (request: ExportRequest, progress: (done: number, total: number) => void) => Promise<Uint8Array | string>) {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
    postMessage: (message: ExportResponse, transfer?: Transferable[]) => void;
  };
  scope.onmessage = (event) => {
    build(event.data, (done, total) => scope.postMessage({ type: 'progress', done, total }))
      .then((result) => {
        const bytes = typeof result === 'string' ? new TextEncoder().encode(result) : result;
        const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        scope.postMessage({ type: 'done', bytes: buffer }, [buffer]);
      })
      .catch((error: unknown) => scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
  };
}

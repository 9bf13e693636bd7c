// Builds the Excel export off the page's thread; exceljs loads only in this worker.
import { serveExports } from './worker-protocol.ts';
import { buildXlsx } from './xlsx.ts';

serveExports(({ table }) => buildXlsx(table));

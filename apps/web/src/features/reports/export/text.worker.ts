// Builds CSV and JSON exports off the page's thread.
import { buildCsv } from './csv.ts';
import { buildJson } from './json.ts';
import { serveExports } from './worker-protocol.ts';

serveExports(async ({ format, table }) => (format === 'csv' ? buildCsv(table) : buildJson(table)));

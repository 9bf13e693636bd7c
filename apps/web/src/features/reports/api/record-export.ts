// POST /api/v1/exports: tells the audit log that this browser made a file from a report (the file
// is built here, from data already read, so the server would not know of it otherwise). A failure
// to record never stops the person's export.
import type { ExportRecordRequest } from '@fieldops/shared/audit-log';
import { api } from '../../../lib/api-client.ts';

export function recordExport(record: ExportRecordRequest): void {
  api.post('/v1/exports', record).catch(() => undefined);
}

// POST /services/workflow/api/v1/report/export-links: links to an export's photos and voice notes
// that keep working (a year, unless the business revokes them), for the file to write instead of
// the page's links, which last minutes (packages/shared/src/reports.ts `exportLinkRequest`).
import type { ExportLinkCreated } from '@fieldops/shared/reports';
import { api } from '../../../lib/api-client.ts';

export const EXPORT_LINKS_PATH = '/v1/report/export-links';

export const createExportLinks = (files: readonly string[], signal?: AbortSignal) =>
  api.post<ExportLinkCreated>(EXPORT_LINKS_PATH, { files }, { base: 'workflow', signal });

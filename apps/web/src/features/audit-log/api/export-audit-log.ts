// GET /api/v1/audit-log/export: the filtered log as CSV, read with the session's credentials and
// saved under the server's name (the export is itself recorded in the log).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { auditLogKeys } from './audit-log-keys.ts';
import { auditParams, type AuditFilters } from './get-audit-log.ts';

export async function exportAuditLog(filters: AuditFilters): Promise<void> {
  const file = await api.file('/v1/audit-log/export', { params: auditParams(filters) });
  saveFile(file.blob, file.fileName ?? 'audit-log.csv');
}

export function useExportAuditLogMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['audit-log', 'export'],
    mutationFn: exportAuditLog,
    // The export is an entry of its own.
    onSuccess: () => client.invalidateQueries({ queryKey: auditLogKeys.all }),
  });
}

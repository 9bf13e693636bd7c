// GET /api/v1/imports/{id}: one import's summary. While the background job writes it (QUEUED,
// RUNNING) it is read again every second for its progress; when it is seen to finish, the lists of
// members, sites and projects it changed are read again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportStatus, ImportSummary } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import { refreshOrganisation } from '../../../lib/session/refresh-organisation.ts';
import { importKeys } from './import-keys.ts';

export const IMPORT_POLL_MS = 1_000;

/** The job is writing the import: its progress moves. */
export const isImportRunning = (status: ImportStatus) => status === 'QUEUED' || status === 'RUNNING';

export const fetchImport = (importId: number, signal?: AbortSignal) => api.get<ImportSummary>(`/v1/imports/${importId}`, { signal });

export function useImportQuery(importId: number, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.detail(importId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportSummary>(importKeys.detail(importId));
      const summary = await fetchImport(importId, signal);
      if (before && isImportRunning(before.status) && summary.status === 'DONE') {
        void refreshOrganisation(queryClient);
        void queryClient.invalidateQueries({ queryKey: importKeys.recent });
        void queryClient.invalidateQueries({ queryKey: importKeys.rows(importId) });
      }
      return summary;
    },
    enabled,
    refetchInterval: (query) => (query.state.data && isImportRunning(query.state.data.status) ? IMPORT_POLL_MS : false),
  });
}

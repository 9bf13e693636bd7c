// POST /api/v1/imports/{id}/commit {existing}: starts writing the ready rows (202, QUEUED). Rows
// with problems and skipped rows are left out; rows matching existing members or sites are updated
// or skipped as chosen. The answer becomes the cached summary, whose progress is then polled.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCommit, ImportSummary } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export const commitImportMutationKey = ['imports', 'commit'] as const;

export const commitImport = ({ importId, body }: { importId: number; body: ImportCommit }) => api.post<ImportSummary>(`/v1/imports/${importId}/commit`, body);

export function useCommitImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: commitImportMutationKey,
    mutationFn: commitImport,
    onSuccess: (summary) => {
      queryClient.setQueryData(importKeys.detail(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: importKeys.recent });
    },
  });
}

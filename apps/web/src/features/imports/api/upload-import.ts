// POST /api/v1/imports?kind=MEMBERS|SITES (multipart, one part "file"): reads a CSV or Excel file
// into rows to preview. Nothing is written to members or sites yet. The answer becomes the
// import's cached summary, and the recent imports are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportSummary } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export const uploadImportMutationKey = ['imports', 'upload'] as const;

export function uploadImport({ kind, file }: { kind: ImportKind; file: File }): Promise<ImportSummary> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ImportSummary>('/v1/imports', form, { params: { kind } });
}

export function useUploadImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadImportMutationKey,
    mutationFn: uploadImport,
    onSuccess: (summary) => {
      queryClient.setQueryData(importKeys.detail(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: importKeys.recent });
    },
  });
}

// PUT /api/v1/imports/{id}/rows/{row} {values?, skip?}: a row fixed in place or skipped, while the
// import is a preview. The answer is the row checked again: it replaces the row on every cached
// page at once (so a fixed row stays where it was, even under "with problems"), and the import's
// counts are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRow, ImportRowUpdate } from '@fieldops/shared/imports';
import { api, type ListResult } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export const updateImportRowMutationKey = ['imports', 'rows', 'update'] as const;

export interface ImportRowChange {
  importId: number;
  row: number;
  body: ImportRowUpdate;
}

export const updateImportRow = ({ importId, row, body }: ImportRowChange) => api.put<ImportRow>(`/v1/imports/${importId}/rows/${row}`, body);

export function useUpdateImportRowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateImportRowMutationKey,
    mutationFn: updateImportRow,
    onSuccess: (saved, { importId }) => {
      queryClient.setQueriesData<ListResult<ImportRow>>({ queryKey: importKeys.rows(importId) }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.row === saved.row ? saved : row)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: importKeys.detail(importId), exact: true });
    },
  });
}

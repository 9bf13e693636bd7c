// DELETE /api/v1/imports/{id} (204): a preview thrown away; its rows go with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export const discardImportMutationKey = ['imports', 'discard'] as const;

export const discardImport = (importId: number) => api.delete(`/v1/imports/${importId}`);

export function useDiscardImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: discardImportMutationKey,
    mutationFn: discardImport,
    onSuccess: (_done, importId) => {
      queryClient.removeQueries({ queryKey: importKeys.detail(importId) });
      void queryClient.invalidateQueries({ queryKey: importKeys.recent });
    },
  });
}

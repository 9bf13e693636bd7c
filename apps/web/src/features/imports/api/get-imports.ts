// GET /api/v1/imports: the business's recent imports of members and sites, newest first (at most 20).
import { useQuery } from '@tanstack/react-query';
import type { ImportSummary } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export const fetchImports = (signal?: AbortSignal) => api.get<ImportSummary[]>('/v1/imports', { signal });

export function useImportsQuery() {
  return useQuery({ queryKey: importKeys.recent, queryFn: ({ signal }) => fetchImports(signal) });
}

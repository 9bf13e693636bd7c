// GET /api/v1/imports/{id}/rows?page&size&filter: one page of an import's rows (all, those with
// problems, or those matching existing members or sites), with the total from X-Total-Count.
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ImportRow, importRowsQuery } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-keys.ts';

export type ImportRowsFilter = z.output<typeof importRowsQuery>['filter'];
export const IMPORT_ROWS_FILTERS = ['all', 'problems', 'existing'] as const satisfies readonly ImportRowsFilter[];
export const IMPORT_ROWS_PAGE_SIZE = 50;

export const fetchImportRows = (importId: number, page: number, filter: ImportRowsFilter, signal?: AbortSignal) =>
  api.list<ImportRow>(`/v1/imports/${importId}/rows`, { params: { page, size: IMPORT_ROWS_PAGE_SIZE, filter }, signal });

export function useImportRowsQuery(importId: number, page: number, filter: ImportRowsFilter) {
  return useQuery({
    queryKey: importKeys.rowsPage(importId, page, IMPORT_ROWS_PAGE_SIZE, filter),
    queryFn: ({ signal }) => fetchImportRows(importId, page, filter, signal),
    placeholderData: keepPreviousData,
  });
}

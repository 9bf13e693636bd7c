// The imports feature's query keys: the business's recent imports, one import's summary, and the
// pages of its rows (by filter).
import type { ImportRowsFilter } from './get-import-rows.ts';

const all = ['imports'] as const;
const detail = (importId: number) => [...all, 'detail', importId] as const;
const rows = (importId: number) => [...detail(importId), 'rows'] as const;

export const importKeys = {
  all,
  recent: [...all, 'recent'] as const,
  detail,
  /** Every page of one import's rows, whatever its filter. */
  rows,
  rowsPage: (importId: number, page: number, size: number, filter: ImportRowsFilter) => [...rows(importId), { page, size, filter }] as const,
};

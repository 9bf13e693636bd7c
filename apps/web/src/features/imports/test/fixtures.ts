// Imports the imports screens' tests share: a members file of 200 rows checked, and its rows.
import type { ImportRow, ImportSummary } from '@fieldops/shared/imports';

export function makeSummary(fields: Partial<ImportSummary> = {}): ImportSummary {
  return {
    id: 5,
    kind: 'MEMBERS',
    fileName: 'crew.csv',
    status: 'PREVIEW',
    existing: 'SKIP',
    totalRows: 200,
    readyRows: 195,
    problemRows: 3,
    existingRows: 1,
    skippedRows: 1,
    doneRows: 0,
    outcomes: { created: 0, updated: 0, skipped: 0, failed: 0 },
    createdAt: '2025-03-02T09:00:00Z',
    finishedAt: null,
    ...fields,
  };
}

export function makeRow(row: number, values: Record<string, string>, fields: Partial<ImportRow> = {}): ImportRow {
  return {
    row,
    values: { name: '', email: '', sites: '', role: '', position: '', externalId: '', ...values },
    problems: [],
    existingId: null,
    skip: false,
    outcome: null,
    outcomeMessage: null,
    resultId: null,
    ...fields,
  };
}

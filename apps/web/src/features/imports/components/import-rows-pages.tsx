// An imported file's rows with their outcomes, a page at a time, read only.
import { Card } from '@mantine/core';
import type { ImportSummary } from '@fieldops/shared/imports';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { usePageParam } from '../../../lib/url-state.ts';
import { IMPORT_ROWS_PAGE_SIZE, useImportRowsQuery } from '../api/get-import-rows.ts';
import { ImportRowsTable } from './import-rows-table.tsx';

export function ImportRowsPages({ summary }: { summary: ImportSummary }) {
  const [page, setPage] = usePageParam();
  const rows = useImportRowsQuery(summary.id, page, 'all');
  return (
    <Card withBorder radius="md" padding="sm">
      <QueryGate query={rows} fallbackKey="unexpectedError" withCard={false}>
        {(found) => (
          <>
            <ImportRowsTable summary={summary} rows={found.data} editable={false} />
            <ListPagination page={page} size={IMPORT_ROWS_PAGE_SIZE} total={found.total} onChange={setPage} />
          </>
        )}
      </QueryGate>
    </Card>
  );
}

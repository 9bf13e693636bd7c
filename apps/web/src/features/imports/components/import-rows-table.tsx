// The rows of an import, one page at a time: the line number, in a preview the Skip switch, the
// status (first, so what needs fixing or what happened is read without scrolling), and each
// column, headed as in the template in the reader's language; once imported, each name opens the
// member or site the row made or updated.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, type ImportRow, type ImportSummary } from '@fieldops/shared/imports';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { ImportRowLine } from './import-row-line.tsx';

interface ImportRowsTableProps {
  summary: Pick<ImportSummary, 'id' | 'kind' | 'fileName'>;
  rows: ImportRow[];
  editable: boolean;
}

export function ImportRowsTable({ summary, rows, editable }: ImportRowsTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const columns = IMPORT_COLUMNS[summary.kind];
  return (
    <ResponsiveTable minWidth={columns.length * 150 + 260} label={editable ? undefined : t('imports.table.label', { file: summary.fileName })}>
      <Table verticalSpacing="xs" aria-label={t('imports.table.label', { file: summary.fileName })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t('imports.table.row')}</Table.Th>
            {editable ? <Table.Th w={64}>{t('imports.table.skip')}</Table.Th> : null}
            <Table.Th miw={150}>{t('imports.table.status')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column[language]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <ImportRowLine
              key={row.row}
              importId={summary.id}
              columns={columns}
              row={row}
              editable={editable}
              resultLink={summary.kind === 'MEMBERS' ? paths.member : paths.site}
            />
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

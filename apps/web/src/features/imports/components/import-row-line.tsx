// One row of the file in an import's table: its line number, while it is a preview a Skip switch,
// its status and each column's value (once imported, the name links to what the row made). A
// value with a problem (and every value of a row whose problem is the row's own, such as a repeat)
// is editable in place; once changed it stays editable, so fixing it again is one more Enter. Each
// change is checked again by the server.
import { useState } from 'react';
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportColumn, ImportRow } from '@fieldops/shared/imports';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useUpdateImportRowMutation, type ImportRowChange } from '../api/update-import-row.ts';
import { ImportCellInput } from './import-cell-input.tsx';
import { ImportRowStatus } from './import-row-status.tsx';

interface ImportRowLineProps {
  importId: number;
  columns: readonly ImportColumn[];
  row: ImportRow;
  /** A preview: values can be fixed and rows skipped. */
  editable: boolean;
  /** The page of the member or site a row made or updated. */
  resultLink: (id: number) => string;
}

export function ImportRowLine({ importId, columns, row, editable, resultLink }: ImportRowLineProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const update = useUpdateImportRowMutation();
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const columnKeys = new Set(columns.map((column) => column.key));
  const rowProblems = row.problems.filter((problem) => !columnKeys.has(problem.field)).map((problem) => translateMessage(problem.message));
  const rowProblemsId = rowProblems.length ? `import-${importId}-row-${row.row}-problems` : null;
  const rowNumber = formatNumber(row.row, language);

  const send = (body: ImportRowChange['body']) =>
    update.mutate({ importId, row: row.row, body }, { onError: (error) => notifyError(errorMessage(error), undefined, `import-row-${row.row}`) });

  const saveValue = (key: string, value: string) => {
    setChanged((keys) => new Set(keys).add(key));
    setSavingKey(key);
    send({ values: { ...row.values, [key]: value } });
  };

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {rowNumber}
      </Table.Th>
      {editable ? (
        <Table.Td>
          <Checkbox
            aria-label={t('imports.table.skipOf', { row: rowNumber })}
            checked={row.skip}
            onChange={(event) => {
              if (!update.isPending) send({ skip: event.currentTarget.checked });
            }}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <ImportRowStatus row={row} rowProblems={rowProblems} rowProblemsId={rowProblemsId} />
      </Table.Td>
      {columns.map((column) => {
        const value = row.values[column.key] ?? '';
        const problems = row.problems.filter((problem) => problem.field === column.key).map((problem) => translateMessage(problem.message));
        const editing = editable && (problems.length > 0 || rowProblemsId !== null || changed.has(column.key));
        return (
          <Table.Td key={column.key}>
            {editing ? (
              <ImportCellInput
                id={`import-${importId}-row-${row.row}-${column.key}`}
                label={t('imports.table.cellOf', { column: column[language], row: rowNumber })}
                value={value}
                problems={problems}
                rowProblemsId={rowProblemsId}
                saving={update.isPending && savingKey === column.key}
                onSave={(next) => saveValue(column.key, next)}
              />
            ) : column.key === 'name' && row.resultId !== null && value ? (
              <Anchor component={Link} to={resultLink(row.resultId)} size="sm">
                <bdi>{value}</bdi>
              </Anchor>
            ) : (
              <Text size="sm">{value ? <bdi>{value}</bdi> : NONE}</Text>
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

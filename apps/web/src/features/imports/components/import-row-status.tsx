// What a row comes to: while it is checked, ready, to fix (with the row's own problems, such as a
// repeat of another row, said here), already existing or skipped; once imported, its outcome and
// why it was skipped or failed.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from '@fieldops/shared/imports';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';

const OUTCOME_COLOURS = { CREATED: 'teal', UPDATED: 'blue', SKIPPED: 'gray', FAILED: 'red' } as const;

interface ImportRowStatusProps {
  row: ImportRow;
  /** The row's problems that belong to no one value, translated, and the id they are said under. */
  rowProblems: string[];
  rowProblemsId: string | null;
}

export function ImportRowStatus({ row, rowProblems, rowProblemsId }: ImportRowStatusProps) {
  const { t } = useTranslation();
  if (row.outcome) {
    return (
      <Stack gap={2}>
        <Badge variant="light" color={OUTCOME_COLOURS[row.outcome]} tt="none">
          {t(`imports.outcome.${row.outcome}`)}
        </Badge>
        {row.outcomeMessage ? (
          <Text size="xs" c="dimmed">
            {translateMessage(row.outcomeMessage)}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={4}>
        {row.problems.length > 0 ? (
          <Badge variant="light" color="red" tt="none">
            {t('imports.table.toFix')}
          </Badge>
        ) : null}
        {row.skip ? (
          <Badge variant="light" color="gray" tt="none">
            {t('imports.table.skipped')}
          </Badge>
        ) : null}
        {row.existingId !== null ? (
          <Badge variant="light" color="blue" tt="none">
            {t('imports.table.existing')}
          </Badge>
        ) : null}
        {row.problems.length === 0 && !row.skip && row.existingId === null ? (
          <Badge variant="light" color="teal" tt="none">
            {t('imports.table.ready')}
          </Badge>
        ) : null}
      </Group>
      {rowProblemsId ? (
        <Text id={rowProblemsId} size="xs" c="red.8">
          {rowProblems.join(' ')}
        </Text>
      ) : null}
    </Stack>
  );
}

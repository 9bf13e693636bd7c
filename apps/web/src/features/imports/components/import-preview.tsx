// The second step: the rows read from the file before anything is written. The counts (ready,
// with problems, already existing, skipped), a filter, the rows a page at a time with their
// problems fixed in place, what to do with rows matching existing members or sites, and Import
// (the ready rows; rows still with problems are skipped) or Discard.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_EXISTING, type ImportExisting, type ImportSummary } from '@fieldops/shared/imports';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { Segments } from '../../../components/segments.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageParam, useSearchParam } from '../../../lib/url-state.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCommitImportMutation } from '../api/commit-import.ts';
import { useDiscardImportMutation } from '../api/discard-import.ts';
import { IMPORT_ROWS_FILTERS, IMPORT_ROWS_PAGE_SIZE, useImportRowsQuery, type ImportRowsFilter } from '../api/get-import-rows.ts';
import { ImportFigures } from './import-figures.tsx';
import { ImportRowsTable } from './import-rows-table.tsx';

const FILTER_LABELS: Record<ImportRowsFilter, string> = {
  all: 'imports.preview.filterAll',
  problems: 'imports.preview.filterProblems',
  existing: 'imports.preview.filterExisting',
};

const toFilter = (value: string): ImportRowsFilter => IMPORT_ROWS_FILTERS.find((filter) => filter === value) ?? 'all';

export function ImportPreview({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const [rawFilter, setFilter] = useSearchParam('filter');
  const filter = toFilter(rawFilter);
  const [page, setPage] = usePageParam();
  const [existing, setExisting] = useState<ImportExisting>(summary.existing);
  const [discarding, setDiscarding] = useState(false);
  const rows = useImportRowsQuery(summary.id, page, filter);
  const commit = useCommitImportMutation();
  const discard = useDiscardImportMutation();

  const start = useSingleFlight(async () => {
    try {
      await commit.mutateAsync({ importId: summary.id, body: { existing } });
      notifySuccess(t('messages.importQueued'));
    } catch {
      // Said by the alert above the buttons.
    }
  });
  const confirmDiscard = () =>
    discard.mutate(summary.id, {
      onSuccess: () => {
        setDiscarding(false);
        notifySuccess(t('messages.importDiscarded'));
        void navigate(paths.newImport(summary.kind), { replace: true });
      },
    });

  return (
    <Stack gap="md">
      <ImportFigures
        label={t('imports.preview.counts')}
        figures={[
          { key: 'ready', label: t('imports.preview.ready'), value: summary.readyRows, color: 'teal.8' },
          { key: 'problems', label: t('imports.preview.problems'), value: summary.problemRows, color: 'red.8' },
          { key: 'existing', label: t('imports.preview.existing'), value: summary.existingRows, color: 'blue.8' },
          { key: 'skipped', label: t('imports.preview.skipped'), value: summary.skippedRows },
        ]}
      />
      <Card withBorder radius="md" padding="sm">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Segments
              label={t('imports.preview.filter')}
              value={filter}
              onChange={(next) => setFilter(next === 'all' ? null : next)}
              data={IMPORT_ROWS_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
            />
          </Group>
          <QueryGate
            query={rows}
            fallbackKey="unexpectedError"
            withCard={false}
            isEmpty={(found) => found.data.length === 0}
            empty={<EmptyState icon={<IconFileImport size={28} />} title={t('imports.preview.noRows')} description={t('imports.preview.noRowsText')} />}
          >
            {(found) => (
              <>
                <ImportRowsTable summary={summary} rows={found.data} editable />
                <ListPagination page={page} size={IMPORT_ROWS_PAGE_SIZE} total={found.total} onChange={setPage} />
              </>
            )}
          </QueryGate>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {summary.existingRows > 0 ? (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('imports.preview.existingChoice')}
              </Text>
              <Segments
                label={t('imports.preview.existingChoice')}
                value={existing}
                onChange={setExisting}
                data={IMPORT_EXISTING.map((value) => ({
                  value,
                  label: t(value === 'UPDATE' ? 'imports.preview.existingUpdate' : 'imports.preview.existingSkip'),
                }))}
              />
            </Stack>
          ) : null}
          <Text size="sm" c="dimmed">
            {t(summary.readyRows > 0 ? 'imports.preview.problemsSkipped' : 'imports.preview.nothingReady')}
          </Text>
          <FormAlert error={commit.error} />
          <Group justify="space-between" gap="sm">
            <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDiscarding(true)} disabled={commit.isPending}>
              {t('imports.preview.discard')}
            </Button>
            <Button leftSection={<IconFileImport size={16} />} onClick={() => void start()} loading={commit.isPending} disabled={summary.readyRows === 0}>
              {t('imports.preview.commit', { rows: formatNumber(summary.readyRows, language) })}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ConfirmModal
        opened={discarding}
        title={t('imports.preview.discardTitle')}
        message={t('imports.preview.discardText', { file: summary.fileName })}
        confirmLabel={t('imports.preview.discard')}
        loading={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
        onClose={() => {
          discard.reset();
          setDiscarding(false);
        }}
        onConfirm={confirmDiscard}
      />
    </Stack>
  );
}

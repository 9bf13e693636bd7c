// /audit-log (owners and administrators): the business's audit log, newest first, as sentences
// with what changed, from which address and client; filtered by area, person, dates and names;
// "Load more" reads older entries; "Export CSV" saves the filtered log (and is recorded itself).
import { useMemo, useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError } from '../../lib/notify.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useExportAuditLogMutation } from './api/export-audit-log.ts';
import { useAuditLogQuery, type AuditFilters } from './api/get-audit-log.ts';
import { AuditEntryItem } from './components/audit-entry-item.tsx';
import { AuditFiltersBar, NO_FILTERS, type FilterValues } from './components/audit-filters.tsx';

function AuditLogList({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const query = useAuditLogQuery(filters);
  return (
    <QueryGate
      query={query}
      fallbackKey="unknownError"
      keepDataOnError
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={<EmptyState withCard icon={<IconHistory size={28} />} title={t('auditLog.emptyTitle')} description={t('auditLog.emptyText')} />}
    >
      {(data) => (
        <Stack gap="sm">
          <Stack component="ul" gap="xs" aria-label={t('auditLog.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.pages
              .flatMap((page) => page.items)
              .map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} />
              ))}
          </Stack>
          {query.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('auditLog.loadMore')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </QueryGate>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const [values, setValues] = useState<FilterValues>(NO_FILTERS);
  const [search] = useDebouncedValue(values.search, 300);
  const filters = useMemo<AuditFilters>(
    () => ({
      kind: values.area ?? undefined,
      actorId: values.actor?.id,
      from: values.from || undefined,
      // A range that ends before it starts reads nothing rather than failing.
      to: values.to && (!values.from || values.to >= values.from) ? values.to : undefined,
      q: search.trim() || undefined,
    }),
    [values.area, values.actor, values.from, values.to, search],
  );
  const exporter = useExportAuditLogMutation();
  const exportCsv = () => exporter.mutate(filters, { onError: (error) => notifyError(errorMessage(error, 'unknownError'), t('auditLog.exportFailed')) });

  return (
    <>
      <PageHeader
        title={t('auditLog.title')}
        description={t('auditLog.description')}
        actions={
          isAdmin ? (
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporter.isPending} onClick={exportCsv}>
              {t('auditLog.export')}
            </Button>
          ) : undefined
        }
      />
      {isAdmin ? (
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <AuditFiltersBar value={values} onChange={setValues} />
          </Card>
          <AuditLogList filters={filters} />
        </Stack>
      ) : (
        <Text c="dimmed">{t('auditLog.adminsOnly')}</Text>
      )}
    </>
  );
}

// The business's recent imports under the first step, newest first, each opening at the step it
// has reached (a preview to finish, an import running, or its outcome).
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useImportsQuery } from '../api/get-imports.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

export function RecentImports() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useImportsQuery();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} fz="h4" mb="sm">
        {t('imports.recent.title')}
      </Title>
      <QueryGate
        query={query}
        fallbackKey="unexpectedError"
        withCard={false}
        loaderHeight={120}
        isEmpty={(imports) => imports.length === 0}
        empty={<EmptyState icon={<IconFileImport size={28} />} title={t('imports.recent.emptyTitle')} description={t('imports.recent.emptyText')} />}
      >
        {(imports) => (
          <ResponsiveTable minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t('imports.recent.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('imports.recent.file')}</Table.Th>
                  <Table.Th>{t('imports.recent.kind')}</Table.Th>
                  <Table.Th>{t('imports.recent.status')}</Table.Th>
                  <Table.Th ta="end">{t('imports.recent.rows')}</Table.Th>
                  <Table.Th>{t('imports.recent.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {imports.map((summary) => (
                  <Table.Tr key={summary.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.importRun(summary.id)} fw={600}>
                        <bdi>{summary.fileName}</bdi>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`imports.kind.${summary.kind}`)}</Table.Td>
                    <Table.Td>
                      <ImportStatusBadge status={summary.status} />
                    </Table.Td>
                    <Table.Td ta="end">{formatNumber(summary.totalRows, language)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(summary.createdAt, language)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )}
      </QueryGate>
    </Card>
  );
}

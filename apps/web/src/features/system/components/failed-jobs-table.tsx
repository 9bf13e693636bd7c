// Failed jobs as a table: what (the job's summary and its name), why (the last error), when,
// how many tries, and Retry, which puts the job back on the queue.
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FailedJob } from '@fieldops/shared/notifications';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

interface FailedJobsTableProps {
  jobs: FailedJob[];
  /** The job being sent back, if any. */
  retrying: string | null;
  onRetry: (job: FailedJob) => void;
}

export function FailedJobsTable({ jobs, retrying, onRetry }: FailedJobsTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <ResponsiveTable minWidth={760}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('system.jobs.columns.what')}</Table.Th>
            <Table.Th scope="col">{t('system.jobs.columns.why')}</Table.Th>
            <Table.Th scope="col">{t('system.jobs.columns.when')}</Table.Th>
            <Table.Th scope="col">{t('system.jobs.columns.attempts')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('system.jobs.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Th scope="row" fw={400}>
                <Stack gap={2}>
                  <Text size="sm" fw={600} dir="auto">
                    {job.summary}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" dir="ltr" ta="start">
                    {job.name}
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td maw={360}>
                <Text size="sm" c="red.8" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }} lineClamp={4} title={job.error}>
                  {job.error}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(job.failedAt, language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatNumber(job.attempts, language)}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  loading={retrying === job.id}
                  disabled={retrying !== null && retrying !== job.id}
                  onClick={() => onRetry(job)}
                  aria-label={t('system.jobs.retryOf', { summary: job.summary })}
                >
                  {t('system.jobs.retry')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

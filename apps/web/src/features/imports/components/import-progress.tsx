// The third step: the background job writing the import, its rows done of all, read again every
// second (api/get-import.ts). The address carries the import, so a reload comes back here.
import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '@fieldops/shared/imports';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

export function ImportProgress({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const percent = summary.totalRows > 0 ? Math.min(100, (summary.doneRows / summary.totalRows) * 100) : 0;
  const text = t('imports.progress.value', { done: formatNumber(summary.doneRows, language), total: formatNumber(summary.totalRows, language) });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          <bdi>{t('imports.progress.title', { file: summary.fileName })}</bdi>
        </Title>
        <ImportStatusBadge status={summary.status} />
        <Progress.Root size="xl" radius="md">
          <Progress.Section
            value={percent}
            animated
            withAria={false}
            role="progressbar"
            aria-label={t('imports.progress.label')}
            aria-valuemin={0}
            aria-valuemax={summary.totalRows}
            aria-valuenow={summary.doneRows}
            aria-valuetext={text}
          />
        </Progress.Root>
        <Text fw={600} aria-hidden>
          {text}
        </Text>
        <Text size="sm" c="dimmed">
          {t('imports.progress.text')}
        </Text>
      </Stack>
    </Card>
  );
}

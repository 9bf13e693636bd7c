// The last step: what happened to the rows (created, updated, skipped, failed), the result
// workbook with each row's outcome, and for members the activation cards of those the import
// created who have not activated yet ('No member is waiting…' is a notice, not a failure). The
// rows follow with their outcomes.
import { Alert, Anchor, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportSummary } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useDownloadImportResultMutation } from '../api/download-import-files.ts';
import { usePrintImportCardsMutation } from '../api/print-import-cards.ts';
import { ImportFigures } from './import-figures.tsx';
import { ImportRowsPages } from './import-rows-pages.tsx';

const isNoPending = (error: unknown) => error instanceof ApiError && error.status === 404 && error.serverMessage === MSG.noPendingAccounts;

export function ImportDone({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  const result = useDownloadImportResultMutation();
  const cards = usePrintImportCardsMutation();
  const { outcomes } = summary;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="h4">
            <bdi>{t('imports.done.title', { file: summary.fileName })}</bdi>
          </Title>
          <ImportFigures
            label={t('imports.done.outcomes')}
            figures={[
              { key: 'created', label: t('imports.done.created'), value: outcomes.created, color: 'teal.8' },
              { key: 'updated', label: t('imports.done.updated'), value: outcomes.updated, color: 'blue.8' },
              { key: 'skipped', label: t('imports.done.skipped'), value: outcomes.skipped },
              { key: 'failed', label: t('imports.done.failed'), value: outcomes.failed, color: 'red.8' },
            ]}
          />
          <FormAlert error={result.error} />
          {cards.error && isNoPending(cards.error) ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status">
              {translateMessage(MSG.noPendingAccounts)}
            </Alert>
          ) : (
            <FormAlert error={cards.error} />
          )}
          <Group gap="sm">
            <Button leftSection={<IconDownload size={16} />} loading={result.isPending} onClick={() => result.mutate(summary.id)}>
              {t('imports.done.downloadResult')}
            </Button>
            {summary.kind === 'MEMBERS' ? (
              <Button
                variant="light"
                leftSection={<IconQrcode size={16} />}
                loading={cards.isPending}
                onClick={() => cards.mutate(summary.id, { onSuccess: () => notifySuccess(t('imports.done.cardsPrinted')) })}
              >
                {t('imports.done.printCards')}
              </Button>
            ) : null}
          </Group>
          <Group gap="lg">
            <Anchor component={Link} to={summary.kind === 'MEMBERS' ? paths.members : paths.sites}>
              {t(summary.kind === 'MEMBERS' ? 'imports.done.toMembers' : 'imports.done.toSites')}
            </Anchor>
            <Anchor component={Link} to={paths.newImport(summary.kind)}>
              {t('imports.done.another')}
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <ImportRowsPages summary={summary} />
    </Stack>
  );
}

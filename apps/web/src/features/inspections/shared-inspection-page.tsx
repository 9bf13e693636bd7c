// /shared/inspections/:token: an inspection's report opened through a shared link, without a
// sign-in and without the rest of the app: the report, its PDF and the language switch. A link
// that is unknown, expired or revoked says only that it does not work.
import '../../lib/styles/full.ts';
import { Box, Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { sharedInspectionPdfUrl, useSharedInspectionQuery } from './api/get-shared-inspection.ts';
import { InspectionReport } from './components/inspection-report.tsx';
import { PdfLink } from './components/report-actions.tsx';
import { reportTaskName } from './components/report-cover.tsx';

export function SharedInspectionPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { token = '' } = useParams();
  const query = useSharedInspectionQuery(token);
  const name = query.data ? reportTaskName(query.data, language) : '';
  useDocumentTitle(name ? t('inspections.documentTitle', { name }) : t('inspections.title'));
  const broken = query.error instanceof ApiError && query.error.status === 404;

  const content = () => {
    if (query.data) return <InspectionReport report={query.data} />;
    if (broken) return <BrokenLink />;
    if (query.isError) return <ErrorState withCard error={query.error} onRetry={() => void query.refetch()} />;
    return <LoadingState />;
  };

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" py="md" px="md">
      <Stack gap="md" maw={860} mx="auto">
        <Group component="header" justify="space-between" gap="sm">
          {query.data && query.data.inspection.version !== null ? <PdfLink href={sharedInspectionPdfUrl(token, language)} /> : <span />}
          <LanguageSwitch />
        </Group>
        <Box component="main">{content()}</Box>
      </Stack>
    </Box>
  );
}

function BrokenLink() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('inspections.shared.broken')}
        </Title>
      </Stack>
    </Paper>
  );
}

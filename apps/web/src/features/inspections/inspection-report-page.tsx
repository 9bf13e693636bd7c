// /schedules/:scheduleId/report: one inspection's report for people signed in: the cover with the
// score and result, each section and answer as given, and its PDF, e-mail and shared links. A
// schedule that is not there (or not the caller's to see) says so; one not answered yet too.
import { Anchor, Group, Stack, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { loadErrorMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useInspectionReportQuery } from './api/get-inspection-report.ts';
import { InspectionReport } from './components/inspection-report.tsx';
import { ReportActions } from './components/report-actions.tsx';
import { reportTaskName } from './components/report-cover.tsx';

export function InspectionReportPage() {
  const { t, i18n } = useTranslation();
  const { scheduleId } = useParams();
  const id = Number(scheduleId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useInspectionReportQuery(id, valid);
  const name = query.data ? reportTaskName(query.data, currentLanguage(i18n)) : '';
  useDocumentTitle(name ? t('inspections.documentTitle', { name }) : t('inspections.title'));

  if (!valid) return <NotFoundPage />;

  const content = () => {
    if (query.data) {
      return (
        <>
          {query.data.inspection.version !== null ? <ReportActions scheduleId={id} siteId={query.data.inspection.schedule.teamId} /> : null}
          <InspectionReport report={query.data} />
        </>
      );
    }
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) {
        return <EmptyState withCard icon={<IconFileOff size={28} />} title={t('inspections.notFound')} description={loadErrorMessage(query.error)} />;
      }
      return <ErrorState withCard error={query.error} onRetry={() => void query.refetch()} />;
    }
    return <LoadingState />;
  };

  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <BackToSchedule scheduleId={id} />
      {content()}
    </Stack>
  );
}

function BackToSchedule({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const Arrow = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={paths.schedule(scheduleId)} size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <Arrow size={16} aria-hidden />
        {t('inspections.backToSchedule')}
      </Group>
    </Anchor>
  );
}

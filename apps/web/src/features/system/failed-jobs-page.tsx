// /settings/jobs (owners and admins): background jobs that used up their tries, each with what it
// was, why it failed, when and after how many tries, and Retry.
import { Card } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FailedJob } from '@fieldops/shared/notifications';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useFailedJobsQuery } from './api/get-failed-jobs.ts';
import { useRetryJobMutation } from './api/retry-job.ts';
import { AdminOnly } from './components/admin-only.tsx';
import { FailedJobsTable } from './components/failed-jobs-table.tsx';
import { SettingsBackLink } from './components/settings-back-link.tsx';

function FailedJobsList() {
  const { t } = useTranslation();
  const query = useFailedJobsQuery();
  const retry = useRetryJobMutation();

  const retryOne = (job: FailedJob) =>
    retry.mutate(job.id, {
      onSuccess: () => notifySuccess(t('messages.jobRetried')),
      onError: (error) => notifyError(errorMessage(error, 'retryJobFailed')),
    });

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchFailedJobsFailed"
      isEmpty={(jobs) => jobs.length === 0}
      empty={<EmptyState withCard icon={<IconCircleCheck size={28} />} title={t('system.jobs.emptyTitle')} description={t('system.jobs.emptyText')} />}
    >
      {(jobs) => (
        <Card withBorder radius="md" padding="md">
          <FailedJobsTable jobs={jobs} retrying={retry.isPending ? retry.variables : null} onRetry={retryOne} />
        </Card>
      )}
    </QueryGate>
  );
}

export function FailedJobsPage() {
  const { t } = useTranslation();
  return (
    <>
      <SettingsBackLink />
      <PageHeader title={t('system.jobs.title')} description={t('system.jobs.description')} />
      <AdminOnly>
        <FailedJobsList />
      </AdminOnly>
    </>
  );
}

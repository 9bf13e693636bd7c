// /settings: the business configuration: project and site types (English and Arabic names)
// and the managed-profile flag. Owners and admins change them; others see them. Owners and admins
// also find the e-mail outbox and the failed jobs here.
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { useLookupsQuery } from '../../lib/session/api/get-lookups.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { LookupsForm } from './components/lookups-form.tsx';
import { ManagedProfileCard } from './components/managed-profile-card.tsx';
import { OperationsCard } from './components/operations-card.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  const { apiKey } = useSession();
  const { isAdmin } = useAccess();
  const lookups = useLookupsQuery(apiKey);

  const content = (
    <QueryGate query={lookups} fallbackKey="fetchLookupsFailed">
      {(initial) => <LookupsForm apiKey={apiKey} initial={initial} readOnly={!isAdmin} />}
    </QueryGate>
  );

  return (
    <>
      <PageHeader title={t('nav.settings')} description={t('settings.description')} />
      <Stack gap="lg" maw={880}>
        {isAdmin ? null : (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {t('settings.readOnly')}
          </Alert>
        )}
        {content}
        <ManagedProfileCard readOnly={!isAdmin} />
        {isAdmin ? <OperationsCard /> : null}
      </Stack>
    </>
  );
}

// /settings/sso (owners and admins): the business's single sign-on with OpenID Connect. Set up,
// the page shows the address to share with the members ("Sign in with <label>") and the redirect
// URI to register with the provider; "Remove", asked first, stops sign-ins through it.
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useDeleteSsoProviderMutation } from './api/delete-sso-provider.ts';
import { useSsoProviderQuery } from './api/get-sso-provider.ts';
import { SsoProviderForm } from './components/sso-provider-form.tsx';

function SsoSettings() {
  const { t } = useTranslation();
  const query = useSsoProviderQuery();
  const remove = useDeleteSsoProviderMutation();
  const [removing, setRemoving] = useState(false);

  return (
    <QueryGate query={query} fallbackKey="unknownError">
      {(provider) => (
        <>
          {provider ? null : (
            <Text c="dimmed" mb="md">
              {t('ssoSettings.notSetUp')}
            </Text>
          )}
          {/* A new form when the provider comes or goes, so its fields start from what is saved. */}
          <SsoProviderForm
            key={provider ? 'saved' : 'new'}
            provider={provider}
            actions={
              provider ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => {
                    remove.reset();
                    setRemoving(true);
                  }}
                >
                  {t('ssoSettings.remove')}
                </Button>
              ) : undefined
            }
          />
          <ConfirmModal
            opened={removing}
            title={t('ssoSettings.removeTitle')}
            message={t('ssoSettings.removeText', { label: provider?.label ?? '' })}
            confirmLabel={t('ssoSettings.remove')}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('ssoSettings.removed'));
                  setRemoving(false);
                },
              })
            }
            onClose={() => setRemoving(false)}
            loading={remove.isPending}
            error={remove.error ? errorMessage(remove.error) : null}
            danger
          />
        </>
      )}
    </QueryGate>
  );
}

export function SsoSettingsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  return (
    <>
      <PageHeader title={t('ssoSettings.title')} description={t('ssoSettings.description')} />
      {isAdmin ? <SsoSettings /> : <Text c="dimmed">{t('ssoSettings.adminsOnly')}</Text>}
    </>
  );
}

// The managed-profile flag: when on, members' profiles are managed by the business. It is read
// with GET /v1/business/config/managed-profile and changed through the business update.
import { Card, Group, Skeleton, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useManagedProfileQuery } from '../../../lib/session/api/get-managed-profile.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useUpdateManagedProfileMutation } from '../api/update-managed-profile.ts';

export function ManagedProfileCard({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const query = useManagedProfileQuery();
  const update = useUpdateManagedProfileMutation();

  const change = (managedProfile: boolean) =>
    update.mutate(
      { business, managedProfile },
      {
        onSuccess: () => notifySuccess(t('messages.changesSaved')),
        onError: (error) => notifyError(errorMessage(error, 'saveFailed')),
      },
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="managed-profile-title">
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <div>
          <Title order={2} fz="h4" id="managed-profile-title">
            {t('settings.managedProfile.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.managedProfile.description')}
          </Text>
        </div>
        {query.isPending ? (
          <Skeleton w={44} h={24} radius="xl" />
        ) : query.isError ? null : (
          <Switch
            aria-labelledby="managed-profile-title"
            checked={update.isPending ? Boolean(update.variables?.managedProfile) : query.data.managedProfile}
            disabled={readOnly || update.isPending}
            onChange={(event) => change(event.currentTarget.checked)}
            size="md"
          />
        )}
      </Group>
      {query.isError ? <ErrorState error={query.error} fallbackKey="fetchBusinessFailed" onRetry={() => void query.refetch()} /> : null}
    </Card>
  );
}

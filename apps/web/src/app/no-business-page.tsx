// Shown when the signed-in account belongs to no business: the invitations waiting for them
// (accepting one opens the app in that business), a way to create a business, or sign out.
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingPlus, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '../components/app-logo.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { useMyInvitationsQuery } from '../lib/session/api/get-my-invitations.ts';
import { InvitationList } from '../features/invitations/components/invitation-list.tsx';
import { KeyedInvitation } from '../features/invitations/components/keyed-invitation.tsx';
import { paths } from '../lib/paths.ts';
import { useLogout } from '../lib/session/use-logout.ts';

function PendingInvitations() {
  const { t } = useTranslation();
  const query = useMyInvitationsQuery();
  if (query.isPending) return <LoadingState minHeight={120} />;
  if (query.isError) {
    return <ErrorState withCard error={query.error} fallbackKey="fetchInvitationsFailed" onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack gap="sm" w="100%" ta="start">
      <Title order={2} fz="h4">
        {t('invitations.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('errors.noBusinessInvitations')}
      </Text>
      {/* Accepting reloads the session, which then finds the business and opens the app. */}
      <KeyedInvitation />
      {query.data.length > 0 ? <InvitationList invitations={query.data} /> : null}
    </Stack>
  );
}

export function NoBusinessPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={640} w="100%" ta="center">
        <AppLogo size={64} title={t('app.logoAlt')} />
        <Title order={1} fz="h2">
          {t('messages.noBusiness')}
        </Title>
        <Text c="dimmed">{t('errors.noBusinessText')}</Text>
        <PendingInvitations />
        <Group justify="center">
          <Button component={Link} to={paths.onboardingBusiness} leftSection={<IconBuildingPlus size={18} />}>
            {t('actions.createBusiness')}
          </Button>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
            {t('nav.logout')}
          </Button>
        </Group>
        <LanguageSwitch />
      </Stack>
    </Center>
  );
}

// /profile: the signed-in user's own details, their password, which notifications reach them
// and how, two-factor sign-in, and signing out everywhere.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { NotificationSettingsCard } from './components/notification-settings-card.tsx';
import { PasswordCard } from './components/password-card.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { SessionsCard } from './components/sessions-card.tsx';
import { TwoFactorCard } from './components/two-factor-card.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.profile')} description={t('profile.description')} />
      <Stack gap="lg">
        <ProfileForm />
        <PasswordCard />
        <TwoFactorCard />
        <NotificationSettingsCard />
        <SessionsCard />
      </Stack>
    </>
  );
}

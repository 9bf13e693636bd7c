// The Profile page's "Change password" section.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';

export function PasswordCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-password-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="profile-password-title">
            {t('profile.password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.password.text')}
          </Text>
        </div>
        <ChangePasswordForm />
      </Stack>
    </Card>
  );
}

// Shown instead of the app when an administrator chose this person's password: they choose their
// own (the current one is the password they just signed in with) before anything else. The
// change loads the session again, which then opens the app.
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@fieldops/shared/account';
import { AppLogo } from '../components/app-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { ChangePasswordForm } from '../features/profile/components/change-password-form.tsx';
import { useLogout } from '../lib/session/use-logout.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function ChoosePasswordPage({ account }: { account: Account }) {
  const { t } = useTranslation();
  const logout = useLogout();
  useDocumentTitle(t('choosePassword.title'));
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack gap="md" w="100%" maw={440}>
        <Stack align="center" gap="xs" ta="center">
          <AppLogo size={56} title={t('app.logoAlt')} />
          <Title order={1} fz="h2">
            {t('choosePassword.title')}
          </Title>
          <Text c="dimmed">{t('choosePassword.text', { name: account.fullName || account.username })}</Text>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <ChangePasswordForm submitLabel={t('choosePassword.submit')} fullWidth />
        </Card>
        <Stack align="center" gap="sm">
          <Button variant="subtle" color="gray" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
            {t('nav.logout')}
          </Button>
          <LanguageSwitch />
        </Stack>
      </Stack>
    </Center>
  );
}

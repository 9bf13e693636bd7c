// Shown when the signed-in account belongs to no business: a way to create one, or sign out.
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingPlus, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '../components/app-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { useLogout } from '../lib/session/use-logout.ts';

export function NoBusinessPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <AppLogo size={64} title={t('app.logoAlt')} />
        <Title order={1} fz="h2">
          {t('messages.noBusiness')}
        </Title>
        <Text c="dimmed">{t('errors.noBusinessText')}</Text>
        <Group justify="center">
          <Button component={Link} to="/onboarding?step=business" leftSection={<IconBuildingPlus size={18} />}>
            {t('actions.createBusiness')}
          </Button>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout}>
            {t('nav.logout')}
          </Button>
        </Group>
        <LanguageSwitch />
      </Stack>
    </Center>
  );
}

// Full-screen loading splash with the app icon, shown while the first screen loads.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLogo } from './app-logo.tsx';

export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-live="polite" aria-label={t('app.loading')} data-testid="splash-screen">
      <Stack align="center" gap="md">
        <AppLogo size={72} title={t('app.logoAlt')} />
        <Text fw={700} fz="xl">
          {t('app.name')}
        </Text>
        <Loader size="sm" type="dots" />
        <Text c="dimmed" fz="sm">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

// The frame of the signed-out screens: brand, language switch and a centred card.
import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../../components/app-logo.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}

export function AuthLayout({ title, subtitle, children, width = 440 }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Group justify="space-between" maw={width + 160} mx="auto" mb="xl">
        <Group gap="xs" wrap="nowrap">
          <AppLogo size={36} title={t('app.logoAlt')} />
          <div>
            <Text fw={800} lh={1.1}>
              {t('app.name')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('app.tagline')}
            </Text>
          </div>
        </Group>
        <LanguageSwitch />
      </Group>
      <Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}

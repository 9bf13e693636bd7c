// The generic error page ('Sorry! Something went wrong') with a Retry button.
import type { ReactNode } from 'react';
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorPageProps {
  onRetry?: () => void;
  /** A more precise, already translated explanation. */
  message?: string;
  extraAction?: ReactNode;
  fullScreen?: boolean;
  retrying?: boolean;
}

export function ErrorPage({ onRetry, message, extraAction, fullScreen = true, retrying }: ErrorPageProps) {
  const { t } = useTranslation();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <Center mih={fullScreen ? '100dvh' : 360} p="md" role="alert">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconMoodSad size={40} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('messages.somethingWentWrong')}
        </Title>
        <Text c="dimmed">{message ?? t('errors.boundaryText')}</Text>
        <Group justify="center" mt="sm">
          <Button leftSection={<IconRefresh size={16} />} onClick={retry} loading={retrying}>
            {t('actions.retry')}
          </Button>
          {extraAction}
        </Group>
      </Stack>
    </Center>
  );
}

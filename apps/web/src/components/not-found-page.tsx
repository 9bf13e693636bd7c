// The page shown for an address that matches no screen.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <Center mih={420} p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMapOff size={40} />
        </ThemeIcon>
        <Text fw={800} fz={48} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          {t('errors.notFoundTitle')}
        </Title>
        <Text c="dimmed">{t('errors.notFoundText')}</Text>
        <Button component={Link} to={paths.home} mt="sm">
          {t('actions.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

// Shown when the server no longer knows this tablet as a kiosk (revoked, or never enrolled): its
// token is already forgotten; an administrator's new code enrols it again.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconDeviceTabletOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function EnrolAgain() {
  const { t } = useTranslation();
  useDocumentTitle(t('kiosk.enrol.again'));
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" ta="center" gap="md" maw={520} role="alert">
        <IconDeviceTabletOff size={64} aria-hidden color="var(--mantine-color-red-7)" />
        <Title order={1} fz="h2">
          {t('kiosk.enrol.again')}
        </Title>
        <Text size="lg">{t('kiosk.enrol.againText')}</Text>
        <Button component={Link} to={paths.kioskEnrol()} size="lg">
          {t('kiosk.enrol.start')}
        </Button>
      </Stack>
    </Center>
  );
}

// What an authenticator app needs to add the account: the QR code to scan and, for a phone that
// cannot scan its own screen, the key to type. Shown while setting up two-factor sign-in only.
import { Code, CopyButton, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@fieldops/shared/two-factor';

/** The key in groups of four, as apps show it and as it is easier to type. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="md">
          {t('twoFactor.scanTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('twoFactor.scanText')}
        </Text>
      </div>
      <Image src={enrolment.qrCode} alt={t('twoFactor.qrAlt')} w={200} h={200} radius="sm" bg="white" />
      <Text size="sm" fw={600} id="totp-manual-key-label">
        {t('twoFactor.manualKey')}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {/* The key reads left to right in both languages. */}
        <Code dir="ltr" fz="sm" aria-labelledby="totp-manual-key-label" data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>
          {groupedKey(enrolment.secret)}
        </Code>
        <CopyButton value={enrolment.secret}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="subtle" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

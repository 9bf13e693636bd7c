// The kiosk's top bar: the business and site the tablet belongs to, the language switch, and
// whatever the screen adds (the member's "Done / sign out").
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import type { KioskDevice } from '../../../lib/kiosk-session.ts';

export function KioskHeader({ device, title, actions }: { device: KioskDevice; title: string; actions?: ReactNode }) {
  return (
    <Group
      component="header"
      justify="space-between"
      align="center"
      p="md"
      wrap="wrap"
      gap="sm"
      style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0}>
        <Text size="sm" c="dimmed" dir="auto">
          {device.kiosk.businessName} · {device.kiosk.siteName}
        </Text>
        <Title order={1} fz="h2" dir="auto">
          {title}
        </Title>
      </Stack>
      <Group gap="sm">
        <LanguageSwitch size="sm" />
        {actions}
      </Group>
    </Group>
  );
}

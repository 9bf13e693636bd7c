// "A new version is ready": shown at the foot of any page once the service worker has fetched a
// newly deployed version (lib/pwa/app-update.ts). Reload moves to it; Later keeps the version in
// use until the next start.
import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dismissUpdate, useAppUpdate } from '../lib/pwa/app-update.ts';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const { waiting, apply } = useAppUpdate();
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      withBorder
      radius="md"
      p="md"
      style={{ position: 'fixed', insetBlockEnd: 16, insetInline: 16, marginInline: 'auto', maxWidth: 480, zIndex: 400 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('update.ready')}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={dismissUpdate}>
            {t('update.later')}
          </Button>
          <Button
            size="xs"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void apply();
            }}
          >
            {t('update.reload')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

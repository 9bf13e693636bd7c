// The offer of notifications on this device, on the tracker once the member has a schedule to hear
// about: it asks the browser's permission only when they choose "Turn on", and "Not now" hides it
// on this device. Not shown where the browser has no push, or the permission was refused.
import { useState } from 'react';
import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDevicePush } from '../../../lib/pwa/device-push.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';

export function PushPrompt() {
  const { t } = useTranslation();
  const push = useDevicePush();
  const [dismissed, setDismissed] = useState(() => readStorage(STORAGE_KEYS.pushPrompt) === 'dismissed');
  if (dismissed || push.state !== 'off') return null;

  const dismiss = () => {
    writeStorage(STORAGE_KEYS.pushPrompt, 'dismissed');
    setDismissed(true);
  };
  const turnOn = async () => {
    try {
      const state = await push.turnOn();
      if (state === 'on') notifySuccess(translateMessage(MSG.pushSubscribed));
      else if (state === 'denied') notifyError(t('tracker.push.blocked'));
    } catch {
      notifyError(t('tracker.push.failed'));
    }
  };

  return (
    <Paper withBorder p="md" mb="md" role="region" aria-labelledby="push-prompt-title">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconBell size={20} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} id="push-prompt-title">
            {t('tracker.push.title')}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t('tracker.push.body')}
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => void turnOn()} loading={push.busy}>
              {t('tracker.push.turnOn')}
            </Button>
            <Button size="xs" variant="subtle" onClick={dismiss} disabled={push.busy}>
              {t('tracker.push.notNow')}
            </Button>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}

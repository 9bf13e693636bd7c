// "Notifications on this device": turns Web Push on or off for this browser (lib/pwa/device-push.ts),
// beside the push column it serves. The browser's permission is asked only when the person turns
// it on; a browser without push, or one where the permission was refused, says so instead.
import { Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDevicePush } from '../../../lib/pwa/device-push.ts';

export function DevicePushSwitch() {
  const { t } = useTranslation();
  const push = useDevicePush();
  if (push.state === null) return null;
  if (push.state === 'unsupported' || push.state === 'denied') {
    return (
      <Text size="sm" c="dimmed">
        {t(push.state === 'denied' ? 'profile.notifications.deviceBlocked' : 'profile.notifications.deviceUnsupported')}
      </Text>
    );
  }
  const change = async (on: boolean) => {
    try {
      if (!on) {
        await push.turnOff();
        return;
      }
      const state = await push.turnOn();
      if (state === 'on') notifySuccess(translateMessage(MSG.pushSubscribed));
      else if (state === 'denied') notifyError(t('profile.notifications.deviceBlocked'));
    } catch {
      notifyError(t('profile.notifications.deviceFailed'));
    }
  };
  return (
    <Switch
      role="switch"
      checked={push.state === 'on'}
      disabled={push.busy}
      onChange={(event) => void change(event.currentTarget.checked)}
      label={t('profile.notifications.device')}
      description={t('profile.notifications.deviceHint')}
    />
  );
}

// The Profile page's "Notifications" section: the person's channels per event and quiet hours, and
// whether this device receives pushes.
import { useEffect, useRef } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryGate } from '../../../components/query-gate.tsx';
import { useNotificationSettingsQuery } from '../api/get-notification-settings.ts';
import { DevicePushSwitch } from './device-push-switch.tsx';
import { NotificationSettingsForm } from './notification-settings-form.tsx';

const NOTIFICATIONS_ANCHOR = 'notifications';

export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const query = useNotificationSettingsQuery();
  // E-mails link here (`/profile#notifications`) to turn a kind of message off.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === `#${NOTIFICATIONS_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card ref={section} id={NOTIFICATIONS_ANCHOR} withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-notifications-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="profile-notifications-title">
            {t('profile.notifications.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.notifications.text')}
          </Text>
        </div>
        <QueryGate query={query} fallbackKey="fetchNotificationSettingsFailed" withCard={false} loaderHeight={160}>
          {/* Keyed by the saved settings, so the form starts from them again after a save. */}
          {(settings) => <NotificationSettingsForm key={JSON.stringify(settings)} initial={settings} />}
        </QueryGate>
        <DevicePushSwitch />
      </Stack>
    </Card>
  );
}

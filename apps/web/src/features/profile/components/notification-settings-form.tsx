// The person's notification choices: a table of events (rows) by channels (columns), each cell a
// checkbox named by both, and quiet hours (on or off, from and until, in the business's time
// zone), saved together. The shared schema checks the times; the server keeps security messages
// out of quiet hours whatever is chosen here.
import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  SETTABLE_EVENTS,
  notificationSettings,
  type NotificationChannel,
  type NotificationSettings,
} from '@fieldops/shared/notifications';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useUpdateNotificationSettingsMutation } from '../api/update-notification-settings.ts';

type SettableEvent = (typeof SETTABLE_EVENTS)[number];
type Events = NotificationSettings['events'];

/** Quiet hours as they start when turned on. */
const DEFAULT_QUIET = { start: '22:00', end: '07:00' };
/** An event the server did not list: in the app only, until the person says otherwise. */
const UNLISTED = { inApp: true, email: false, push: false };

interface NotificationSettingsFormProps {
  initial: NotificationSettings;
}

export function NotificationSettingsForm({ initial }: NotificationSettingsFormProps) {
  const { t } = useTranslation();
  const { business } = useSession();
  const save = useUpdateNotificationSettingsMutation();
  const [events, setEvents] = useState<Events>(() => Object.fromEntries(SETTABLE_EVENTS.map((event) => [event, initial.events[event] ?? UNLISTED])) as Events);
  const [quietOn, setQuietOn] = useState(initial.quietHours !== null);
  const [quiet, setQuiet] = useState(initial.quietHours ?? DEFAULT_QUIET);
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});

  const toggle = (event: SettableEvent, channel: NotificationChannel, on: boolean) =>
    setEvents((current) => ({ ...current, [event]: { ...current[event], [channel]: on } }));
  const setTime = (which: 'start' | 'end', value: string) => {
    setQuiet((current) => ({ ...current, [which]: value }));
    setErrors((current) => ({ ...current, [which]: undefined }));
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const parsed = notificationSettings.safeParse({ events, quietHours: quietOn ? quiet : null });
    if (!parsed.success) {
      const found: { start?: string; end?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1];
        if (issue.path[0] === 'quietHours' && (field === 'start' || field === 'end')) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => notifySuccess(t('messages.notificationSettingsSaved')) });
  };

  const channelName = (channel: NotificationChannel) => t(`profile.notifications.channels.${channel}`);
  const eventName = (event: SettableEvent) => t(`profile.notifications.events.${event}`);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-notifications-title">
      <Stack gap="lg">
        <FormAlert error={save.error} fallbackKey="saveNotificationSettingsFailed" />
        <ResponsiveTable minWidth={480}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start', margin: 0, marginBlockEnd: 'var(--mantine-spacing-xs)' }}>
              {t('profile.notifications.tableCaption')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('profile.notifications.event')}</Table.Th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Table.Th key={channel} scope="col" ta="center" w={110}>
                    {channelName(channel)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SETTABLE_EVENTS.map((event) => (
                <Table.Tr key={event}>
                  <Table.Th scope="row" fw={400}>
                    {eventName(event)}
                  </Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Td key={channel}>
                      <Group justify="center">
                        <Checkbox
                          checked={events[event][channel]}
                          onChange={(change) => toggle(event, channel, change.currentTarget.checked)}
                          aria-label={t('profile.notifications.choice', { channel: channelName(channel), event: eventName(event) })}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
        <Text size="sm" c="dimmed">
          {t('profile.notifications.pushHint')}
        </Text>
        <Stack gap="sm">
          <Switch
            role="switch"
            checked={quietOn}
            onChange={(change) => setQuietOn(change.currentTarget.checked)}
            label={t('profile.notifications.quietHours')}
            description={t('profile.notifications.quietHoursHint', { timeZone: business.timeZone })}
          />
          {quietOn ? (
            <Group gap="md" align="flex-start">
              <TextInput
                type="time"
                label={t('profile.notifications.quietStart')}
                value={quiet.start}
                onChange={(change) => setTime('start', change.currentTarget.value)}
                error={errors.start ? translateMessage(errors.start) : undefined}
                required
                withAsterisk={false}
                w={160}
              />
              <TextInput
                type="time"
                label={t('profile.notifications.quietEnd')}
                value={quiet.end}
                onChange={(change) => setTime('end', change.currentTarget.value)}
                error={errors.end ? translateMessage(errors.end) : undefined}
                required
                withAsterisk={false}
                w={160}
              />
            </Group>
          ) : null}
        </Stack>
        <FormActions submitLabel={t('profile.notifications.save')} pending={save.isPending} />
      </Stack>
    </form>
  );
}

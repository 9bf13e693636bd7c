// The Profile page's "Sign out of all devices": after a confirmation every session of the person
// ends, and this browser goes to sign in like the others.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useForgetSession } from '../../../lib/session/use-logout.ts';
import { useSignOutEverywhereMutation } from '../api/sign-out-everywhere.ts';

export function SessionsCard() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhereMutation();
  const forget = useForgetSession();

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('messages.signedOutEverywhere'));
        forget();
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-sessions-title">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="h4" id="profile-sessions-title">
            {t('profile.sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.sessions.text')}
          </Text>
        </Stack>
        <Button color="red" variant="light" leftSection={<IconDevicesOff size={18} />} onClick={() => setConfirming(true)}>
          {t('profile.sessions.signOutEverywhere')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('profile.sessions.confirmTitle')}
        message={t('profile.sessions.confirmText')}
        confirmLabel={t('profile.sessions.confirm')}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(false);
          signOut.reset();
        }}
        loading={signOut.isPending}
        error={signOut.isError ? errorMessage(signOut.error, 'signOutEverywhereFailed') : null}
      />
    </Card>
  );
}

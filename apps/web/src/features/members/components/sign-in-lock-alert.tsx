// For owners and admins on a member's page: when repeated failed sign-ins locked the member's
// account, until when, with 'Unlock'. Nothing is shown while unlocked or when the lock cannot
// be read.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignInLockQuery } from '../api/get-sign-in-lock.ts';
import { useUnlockSignInMutation } from '../api/unlock-sign-in.ts';

export function SignInLockAlert({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const query = useSignInLockQuery(member.userId, true);
  const unlock = useUnlockSignInMutation();
  if (!query.data?.locked) return null;

  const until = query.data.until ? formatDateTime(query.data.until, currentLanguage(i18n)) : null;
  const lift = () =>
    unlock.mutate(member.userId, {
      onSuccess: () => notifySuccess(t('messages.signInUnlocked')),
      onError: (error) => notifyError(errorMessage(error, 'unlockFailed')),
    });

  return (
    <Alert color="orange" icon={<IconLock size={18} />} title={t('members.lock.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{until ? t('members.lock.until', { date: until }) : t('members.lock.locked')}</Text>
        <Button size="xs" variant="light" color="orange" leftSection={<IconLockOpen size={16} />} loading={unlock.isPending} onClick={lift}>
          {t('members.lock.unlock')}
        </Button>
      </Group>
    </Alert>
  );
}

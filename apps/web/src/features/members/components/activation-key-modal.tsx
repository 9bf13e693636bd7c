// Shows an invited member's activation link with a copy button, and 'Activate Member Now'.
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { activationLink, useActivationKeyQuery } from '../api/get-activation-key.ts';
import { useActivateMember } from './use-activate-member.ts';

interface ActivationKeyModalProps {
  member: Member | null;
  onClose: () => void;
}

export function ActivationKeyModal({ member, onClose }: ActivationKeyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('members.activation.title')} size="lg" centered>
      {member ? <ActivationKeyContent member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function ActivationKeyContent({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useActivationKeyQuery(member.userId, true);
  const { activate, pending } = useActivateMember(onClose);
  const name = member.fullName || member.username;

  if (query.isPending) return <LoadingState minHeight={160} />;
  if (query.isError) {
    return <ErrorState error={query.error} fallbackKey="fetchActivationKeyFailed" onRetry={() => void query.refetch()} />;
  }
  if (query.data.activated || !query.data.activationKey) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />}>
        {t('members.activation.alreadyActive', { name })}
      </Alert>
    );
  }

  const link = activationLink(query.data.activationKey);
  return (
    <Stack gap="md">
      <Text>{t('members.activation.text', { name })}</Text>
      <TextInput
        label={t('members.activation.link')}
        value={link}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        rightSection={
          <CopyButton value={link} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('feedback.linkCopied') : t('actions.copyLink')} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('actions.copyLink')}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Text size="sm" c="dimmed">
        {t('members.activation.key')}{' '}
        <Text span ff="monospace" dir="ltr">
          {query.data.activationKey}
        </Text>
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('members.activation.nowHint', { name })}
        </Text>
        <Button variant="light" leftSection={<IconUserCheck size={16} />} loading={pending} onClick={() => activate(member)}>
          {t('members.actions.activateNow')}
        </Button>
      </Group>
    </Stack>
  );
}

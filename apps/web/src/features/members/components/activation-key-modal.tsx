// Shows an invited member's activation link with a copy button, when the key stops working,
// 'Issue a new key' (the old one stops at once) and 'Activate Member Now'.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconKey, IconQrcode, IconRefresh, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyLinkField } from '../../../components/copy-link-field.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { Member } from '@fieldops/shared/account';
import { activationLink, useActivationKeyQuery } from '../api/get-activation-key.ts';
import { useIssueActivationKeyMutation } from '../api/issue-activation-key.ts';
import { usePrintActivationCardsMutation } from '../api/print-activation-cards.ts';
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
  const { t, i18n } = useTranslation();
  const query = useActivationKeyQuery(member.userId, true);
  const { activate, pending } = useActivateMember(onClose);
  const issue = useIssueActivationKeyMutation();
  const card = usePrintActivationCardsMutation();
  const printCard = () =>
    card.mutate([member.userId], {
      onSuccess: () => {
        // The key shown before (if any) stopped working: the card holds the new one.
        issue.reset();
        notifySuccess(t('members.cards.printedOne'));
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  const name = member.fullName || member.username;
  const issueKey = () =>
    issue.mutate(member.userId, {
      onSuccess: () => notifySuccess(t('messages.activationKeyIssued')),
      onError: (error) => notifyError(errorMessage(error, 'issueActivationKeyFailed')),
    });

  return (
    <QueryGate query={query} fallbackKey="fetchActivationKeyFailed" withCard={false} loaderHeight={160}>
      {(key) => {
        if (key.activated) {
          return (
            <Alert color="teal" icon={<IconCircleCheck size={18} />}>
              {t('members.activation.alreadyActive', { name })}
            </Alert>
          );
        }

        // The server keeps only the key's hash: the key is there just after it was issued here.
        const activationKey = issue.data?.userId === member.userId ? issue.data.activationKey : key.activationKey;
        const expiresAt = issue.data?.userId === member.userId ? issue.data.expiresAt : key.expiresAt;
        const expired = expiresAt !== null && new Date(expiresAt).getTime() <= Date.now();
        const expiry = expiresAt ? formatDateTime(expiresAt, currentLanguage(i18n)) : null;
        return (
          <Stack gap="md">
            <Text>{t('members.activation.text', { name })}</Text>
            {expired && expiry ? (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                {t('members.activation.expired', { date: expiry })}
              </Alert>
            ) : null}
            {activationKey ? (
              <CopyLinkField label={t('members.activation.link')} link={activationLink(activationKey)} />
            ) : (
              <Alert color="blue" icon={<IconKey size={18} />}>
                {t('members.activation.hidden', { name })}
              </Alert>
            )}
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
                {activationKey ? (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('members.activation.key')}{' '}
                    <Text span ff="monospace" dir="ltr">
                      {activationKey}
                    </Text>
                  </Text>
                ) : null}
                {expiry && !expired ? (
                  <Text size="sm" c="dimmed" data-testid="activation-expiry">
                    {t('members.activation.expires', { date: expiry })}
                  </Text>
                ) : null}
              </Stack>
              <Button variant="default" size="sm" leftSection={<IconRefresh size={16} />} loading={issue.isPending} onClick={issueKey}>
                {t('members.activation.issueNew')}
              </Button>
            </Group>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
                {t('members.cards.oneHint', { name })}
              </Text>
              <Button variant="default" size="sm" leftSection={<IconQrcode size={16} />} loading={card.isPending} onClick={printCard}>
                {t('members.cards.printOne')}
              </Button>
            </Group>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
                {t('members.activation.nowHint', { name, username: member.username })}
              </Text>
              <Button variant="light" leftSection={<IconUserCheck size={16} />} loading={pending} onClick={() => activate(member)}>
                {t('members.actions.activateNow')}
              </Button>
            </Group>
          </Stack>
        );
      }}
    </QueryGate>
  );
}

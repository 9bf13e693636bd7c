// The link that lets an invited person accept: issued when the dialog opens (the server keeps only
// its hash, so it is shown this once), with a copy button and 'Issue a new link'. Whoever holds the
// link can accept, so the business sends it to the person it means.
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@fieldops/shared/account';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { CopyLinkField } from '../copy-link-field.tsx';
import { LoadingState } from '../loading-state.tsx';
import { useIssueInvitationKeyMutation } from './api/issue-invitation-key.ts';

export const invitationLink = (key: string, origin = window.location.origin) => `${origin}${paths.invitationWithKey(key)}`;

export function InvitationLinkModal({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={invitation !== null} onClose={onClose} title={t('siteMembership.link.title')} size="lg" centered>
      {invitation ? <InvitationLinkContent invitation={invitation} /> : null}
    </Modal>
  );
}

function InvitationLinkContent({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const issue = useIssueInvitationKeyMutation();
  const { mutate } = issue;
  useEffect(() => mutate(invitation.id), [mutate, invitation.id]);

  if (issue.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red">{errorMessage(issue.error, 'issueInvitationLinkFailed')}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => issue.mutate(invitation.id)}>
            {t('actions.tryAgain')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!issue.data) return <LoadingState minHeight={120} />;
  const link = invitationLink(issue.data.key);
  return (
    <Stack gap="md">
      <Text>{t('siteMembership.link.text', { name: invitation.name, email: invitation.email })}</Text>
      <CopyLinkField label={t('siteMembership.link.label')} link={link} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('siteMembership.link.once')}
        </Text>
        <Button variant="default" size="sm" leftSection={<IconRefresh size={16} />} loading={issue.isPending} onClick={() => issue.mutate(invitation.id)}>
          {t('siteMembership.link.issueNew')}
        </Button>
      </Group>
    </Stack>
  );
}

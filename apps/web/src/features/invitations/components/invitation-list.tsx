// The person's pending invitations, each with the business, the sites and role offered, who
// invited them and when, and Accept / Decline (declining asks first). Used by the Invitations
// page and by the screen of a person without a business.
import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account, MyInvitation } from '@fieldops/shared/account';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { initialOf } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAcceptInvitationMutation } from '../api/accept-invitation.ts';
import { useDeclineInvitationMutation } from '../api/decline-invitation.ts';

interface InvitationListProps {
  invitations: MyInvitation[];
  /** The key of the link the invitation was opened with; absent for invitations listed to the person. */
  invitationKey?: string;
  onAccepted?: (account: Account, invitation: MyInvitation) => void;
  onDeclined?: () => void;
}

export function InvitationList({ invitations, invitationKey, onAccepted, onDeclined }: InvitationListProps) {
  const { t } = useTranslation();
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();
  const [declining, setDeclining] = useState<MyInvitation | null>(null);

  const acceptOne = (invitation: MyInvitation) =>
    accept.mutate(
      { invitationId: invitation.id, key: invitationKey },
      {
        onSuccess: (account) => {
          notifySuccess(t('messages.invitationAccepted'));
          onAccepted?.(account, invitation);
        },
        onError: (error) => notifyError(errorMessage(error, 'acceptInvitationFailed')),
      },
    );

  const declineChosen = () => {
    if (!declining) return;
    decline.mutate(
      { invitationId: declining.id, key: invitationKey },
      {
        onSuccess: () => {
          notifySuccess(t('messages.invitationDeclined'));
          setDeclining(null);
          onDeclined?.();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {invitations.map((invitation) => (
        <InvitationCard
          key={invitation.id}
          invitation={invitation}
          accepting={accept.isPending && accept.variables.invitationId === invitation.id}
          disabled={accept.isPending}
          onAccept={() => acceptOne(invitation)}
          onDecline={() => {
            decline.reset();
            setDeclining(invitation);
          }}
        />
      ))}
      <ConfirmModal
        opened={declining !== null}
        title={t('invitations.declineTitle')}
        message={t('invitations.declineText', { business: declining?.businessName ?? '' })}
        confirmLabel={t('invitations.decline')}
        onConfirm={declineChosen}
        onClose={() => setDeclining(null)}
        loading={decline.isPending}
        error={decline.isError ? errorMessage(decline.error, 'declineInvitationFailed') : null}
      />
    </Stack>
  );
}

interface InvitationCardProps {
  invitation: MyInvitation;
  accepting: boolean;
  disabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

function InvitationCard({ invitation, accepting, disabled, onAccept, onDecline }: InvitationCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const date = formatDate(invitation.createdAt, language);
  const sites = new Intl.ListFormat(language, { type: 'conjunction' }).format(invitation.teams.map((team) => team.name));
  const titleId = `invitation-${invitation.id}`;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Avatar color={invitation.businessColour || 'indigo'} autoContrast variant="filled" radius="md" size={48} aria-hidden>
            {initialOf(invitation.businessName)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id={titleId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {invitation.businessName}
            </Title>
            <Text size="sm" c="dimmed">
              {invitation.invitedBy ? t('invitations.invitedBy', { name: invitation.invitedBy, date }) : t('invitations.invitedOn', { date })}
            </Text>
            <Group gap="xs">
              <Badge variant="light" color={invitation.authority === 'SUPERVISOR' ? 'grape' : 'gray'} tt="none">
                {t(`user.authority.${invitation.authority}`)}
              </Badge>
              {invitation.position ? <Text size="sm">{invitation.position}</Text> : null}
            </Group>
            {sites ? (
              <Text size="sm">
                <Text span fw={600}>
                  {t('invitations.sites')}
                </Text>{' '}
                {sites}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconX size={16} />} onClick={onDecline} disabled={disabled}>
            {t('invitations.decline')}
          </Button>
          <Button leftSection={<IconCheck size={16} />} onClick={onAccept} loading={accepting} disabled={disabled && !accepting}>
            {t('invitations.accept')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

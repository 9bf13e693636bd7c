// The business's invitations nobody answered yet: who was invited (as the inviter typed it), to
// which sites and role, and when; owners and admins issue the link that lets the person accept,
// and may cancel one (after a confirmation).
import { useState } from 'react';
import { ActionIcon, Badge, Card, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLink, IconMailOff, IconMailX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@fieldops/shared/account';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { formatDate } from '../../lib/dates.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { EmptyState } from '../empty-state.tsx';
import { ListPagination } from '../list-pagination.tsx';
import { QueryGate } from '../query-gate.tsx';
import { ResponsiveTable } from '../responsive-table.tsx';
import { useCancelInvitationMutation } from './api/cancel-invitation.ts';
import { InvitationLinkModal } from './invitation-link-modal.tsx';
import { usePendingInvitationsQuery } from './api/get-invitations.ts';

export function PendingInvitations() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = usePendingInvitationsQuery(page);
  const { isAdmin } = useAccess();
  const cancel = useCancelInvitationMutation();
  const [canceling, setCanceling] = useState<Invitation | null>(null);
  const [sharing, setSharing] = useState<Invitation | null>(null);

  const askToCancel = (invitation: Invitation) => {
    cancel.reset();
    setCanceling(invitation);
  };
  const confirmCancel = () => {
    if (!canceling) return;
    cancel.mutate(canceling.id, {
      onSuccess: () => {
        notifySuccess(t('messages.invitationCanceled'));
        setCanceling(null);
      },
    });
  };

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchInvitationsFailed"
      isEmpty={(invitations) => invitations.data.length === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconMailOff size={28} />}
          title={t('siteMembership.pending.emptyTitle')}
          description={t('siteMembership.pending.emptyText')}
        />
      }
    >
      {(invitations) => (
        <Card withBorder radius="md" padding="sm">
          <InvitationsTable invitations={invitations.data} onCancel={isAdmin ? askToCancel : undefined} onShowLink={isAdmin ? setSharing : undefined} />
          <InvitationLinkModal invitation={sharing} onClose={() => setSharing(null)} />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={invitations.total} onChange={setPage} />
          <ConfirmModal
            opened={canceling !== null}
            title={t('siteMembership.pending.cancelTitle')}
            message={t('siteMembership.pending.cancelText', { name: canceling?.name ?? '', email: canceling?.email ?? '' })}
            confirmLabel={t('siteMembership.pending.cancel')}
            onConfirm={confirmCancel}
            onClose={() => setCanceling(null)}
            loading={cancel.isPending}
            error={cancel.isError ? errorMessage(cancel.error, 'cancelInvitationFailed') : null}
          />
        </Card>
      )}
    </QueryGate>
  );
}

interface InvitationsTableProps {
  invitations: Invitation[];
  onCancel?: (invitation: Invitation) => void;
  onShowLink?: (invitation: Invitation) => void;
}

function InvitationsTable({ invitations, onCancel, onShowLink }: InvitationsTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <ResponsiveTable minWidth={720}>
      <Table verticalSpacing="sm" aria-label={t('siteMembership.pending.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('siteMembership.pending.person')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('siteMembership.pending.sites')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('siteMembership.pending.role')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('siteMembership.pending.invitedOn')}</Table.Th>
            {onCancel || onShowLink ? (
              <Table.Th w={96}>
                <VisuallyHidden>{t('siteMembership.pending.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {invitation.name}
                </Text>
                <Text size="xs" c="dimmed" dir="ltr" ta="start" truncate="end" maw={260}>
                  {invitation.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4}>
                  {invitation.teams.map((team) => (
                    <Badge key={team.id} variant="light" color="gray" tt="none">
                      {team.name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{t(`user.authority.${invitation.authority}`)}</Text>
                {invitation.position ? (
                  <Text size="xs" c="dimmed">
                    {invitation.position}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{formatDate(invitation.createdAt, language)}</Text>
              </Table.Td>
              {onCancel || onShowLink ? (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {onShowLink ? (
                      <Tooltip label={t('siteMembership.pending.linkOf', { name: invitation.name })} withArrow>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('siteMembership.pending.linkOf', { name: invitation.name })}
                          onClick={() => onShowLink(invitation)}
                        >
                          <IconLink size={18} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {onCancel ? (
                      <Tooltip label={t('siteMembership.pending.cancelOf', { name: invitation.name })} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('siteMembership.pending.cancelOf', { name: invitation.name })}
                          onClick={() => onCancel(invitation)}
                        >
                          <IconMailX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

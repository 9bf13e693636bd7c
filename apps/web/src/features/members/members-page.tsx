// /members: the business's members, 20 a page, searched (from 4 characters) and filtered by
// project and site, with invite, assign and the per-member actions (owners and admins also import
// members from a file and print activation cards); those who manage sites also see the
// invitations still waiting for an answer (?tab=invitations). Owners and admins may choose pending
// members in the list and print only their cards.
import { useState } from 'react';
import { Button, Card, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFileImport, IconMailForward, IconQrcode, IconUserPlus, IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, MEMBER_SEARCH_MIN_LENGTH } from '@fieldops/shared/limits';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { AssignMemberModal } from '../../components/site-membership/assign-member-modal.tsx';
import { InviteMemberModal } from '../../components/site-membership/invite-member-modal.tsx';
import { PendingInvitations } from '../../components/site-membership/pending-invitations.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { parseIds, usePageParam, useSearchParam } from '../../lib/url-state.ts';
import { useMembersQuery } from './api/get-members.ts';
import { usePrintActivationCardsMutation } from './api/print-activation-cards.ts';
import { MemberDialogs, useMemberDialogs } from './components/member-dialogs.tsx';
import { MembersFilters } from './components/members-filters.tsx';
import { MembersTable } from './components/members-table.tsx';

type PageDialog = 'invite' | 'invite-many' | 'assign' | 'cards' | 'chosen-cards' | null;

export function MembersPage() {
  const { t } = useTranslation();
  const { managesAnySite, isAdmin } = useAccess();
  const cards = usePrintActivationCardsMutation();
  const [page, setPage] = usePageParam();
  const [q] = useSearchParam('q');
  const [projects] = useSearchParam('projects');
  const [sites] = useSearchParam('sites');
  const [dialog, setDialog] = useState<PageDialog>(null);
  // Pending members chosen for their activation cards, kept across pages of the list.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (userId: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  const dialogs = useMemberDialogs();
  // A shorter search (from an edited address) is not sent: the server refuses it.
  const searchKey = q.trim().length >= MEMBER_SEARCH_MIN_LENGTH ? q.trim() : undefined;
  const filter = { searchKey, projects: parseIds(projects), teams: parseIds(sites) };
  const filtered = Boolean(filter.searchKey || filter.projects.length || filter.teams.length);
  const query = useMembersQuery(page, filter);

  const actions = managesAnySite ? (
    <Group gap="sm">
      <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('assign')}>
        {t('members.actions.assignToSite')}
      </Button>
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <Button leftSection={<IconUsersPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
            {t('members.actions.invite')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('invite')}>{t('members.actions.inviteToSite')}</Menu.Item>
          <Menu.Item onClick={() => setDialog('invite-many')}>{t('members.actions.inviteToSites')}</Menu.Item>
          {isAdmin ? (
            <>
              <Menu.Divider />
              <Menu.Item component={Link} to={paths.newImport('MEMBERS')} leftSection={<IconFileImport size={16} />}>
                {t('members.actions.importMembers')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconQrcode size={16} />}
                onClick={() => {
                  cards.reset();
                  setDialog('cards');
                }}
              >
                {t('members.cards.printAll')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Group>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchMembersFailed"
      isEmpty={(members) => members.data.length === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconUsers size={28} />}
          title={t(filtered ? 'members.list.noMatchTitle' : 'members.list.emptyTitle')}
          description={t(filtered ? 'members.list.noMatchText' : 'members.list.emptyText')}
        />
      }
    >
      {(members) => (
        <Card withBorder radius="md" padding="sm">
          {isAdmin && chosen.size > 0 ? (
            <Group justify="space-between" p="xs" mb="xs" bg="var(--mantine-color-blue-light)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <Text size="sm" fw={600} role="status">
                {t('members.cards.chosen', { count: chosen.size })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="subtle" onClick={() => setChosen(new Set())}>
                  {t('members.cards.clearChosen')}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconQrcode size={14} />}
                  onClick={() => {
                    cards.reset();
                    setDialog('chosen-cards');
                  }}
                >
                  {t('members.cards.printChosen')}
                </Button>
              </Group>
            </Group>
          ) : null}
          <MembersTable members={members.data} onOpen={dialogs.openDialog} onActivate={dialogs.activate} selection={isAdmin ? { chosen, toggle } : undefined} />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={members.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );

  const list = (
    <>
      <MembersFilters />
      {content}
    </>
  );

  return (
    <>
      <PageHeader title={t('nav.members')} description={t('members.description')} actions={actions} />
      <ConfirmModal
        opened={dialog === 'cards'}
        title={t('members.cards.printAll')}
        message={t('members.cards.allHint')}
        confirmLabel={t('members.cards.print')}
        danger={false}
        loading={cards.isPending}
        error={cards.error ? errorMessage(cards.error) : null}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          cards.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              notifySuccess(t('members.cards.printed'));
            },
          })
        }
      />
      <ConfirmModal
        opened={dialog === 'chosen-cards'}
        title={t('members.cards.printChosen')}
        message={t('members.cards.chosenHint', { count: chosen.size })}
        confirmLabel={t('members.cards.print')}
        danger={false}
        loading={cards.isPending}
        error={cards.error ? errorMessage(cards.error) : null}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          cards.mutate([...chosen], {
            onSuccess: () => {
              setDialog(null);
              setChosen(new Set());
              notifySuccess(t('members.cards.printed'));
            },
          })
        }
      />
      {managesAnySite ? (
        <RouteTabs
          label={t('members.tabs.label')}
          tabs={[
            { value: 'members', label: t('members.tabs.members'), icon: <IconUsers size={16} />, panel: list },
            { value: 'invitations', label: t('members.tabs.invitations'), icon: <IconMailForward size={16} />, panel: <PendingInvitations /> },
          ]}
        />
      ) : (
        list
      )}
      <InviteMemberModal opened={dialog === 'invite'} onClose={() => setDialog(null)} />
      <InviteMemberModal opened={dialog === 'invite-many'} multiple onClose={() => setDialog(null)} />
      <AssignMemberModal opened={dialog === 'assign'} onClose={() => setDialog(null)} />
      <MemberDialogs state={dialogs.state} onClose={dialogs.close} />
    </>
  );
}

// The Members tab of a site: its members, 20 a page. Those who manage the site can assign an
// existing member, invite a new one, remove a member (after confirming) or start a transfer.
import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange, IconUserMinus, IconUserPlus, IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Site } from '@fieldops/shared/organisation';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { MemberStatusBadge } from '../../../components/member-status-badge.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { AssignMemberModal } from '../../../components/site-membership/assign-member-modal.tsx';
import { InviteMemberModal } from '../../../components/site-membership/invite-member-modal.tsx';
import { RemoveFromSiteModal, type Placement } from '../../../components/site-membership/remove-from-site-modal.tsx';
import { NONE } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { usePageParam } from '../../../lib/url-state.ts';
import { useSiteMembersQuery } from '../api/get-site-members.ts';

export function SiteMembersTab({ site }: { site: Site }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageSite } = useAccess();
  const canManage = canManageSite(site.id);
  const [page, setPage] = usePageParam();
  const [assigning, setAssigning] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Placement | null>(null);
  const query = useSiteMembersQuery(site.id, page);

  const actions = canManage ? (
    <Group gap="sm">
      <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setAssigning(true)}>
        {t('sites.members.assign')}
      </Button>
      <Button leftSection={<IconUsersPlus size={16} />} onClick={() => setInviting(true)}>
        {t('sites.members.invite')}
      </Button>
    </Group>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchTeamMembersFailed"
      isEmpty={(members) => members.total === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconUsers size={28} />}
          title={t('sites.members.emptyTitle')}
          description={t(canManage ? 'sites.members.emptyText' : 'sites.members.emptyTextReader')}
        />
      }
    >
      {(members) => (
        <Card withBorder radius="md" padding="sm">
          <ResponsiveTable minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sites.members.name')}</Table.Th>
                  <Table.Th>{t('sites.members.role')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('sites.members.position')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('sites.members.status')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.member(member.userId)} fw={600}>
                        {member.name || member.username}
                      </Anchor>
                      <Text size="xs" c="dimmed" dir="ltr" ta="start">
                        {member.email}
                      </Text>
                      {member.active ? null : (
                        <Group hiddenFrom="sm" mt={4}>
                          <MemberStatusBadge active={false} />
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" color={member.authority === 'SUPERVISOR' ? 'grape' : 'gray'}>
                        {t(`user.authority.${member.authority}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{member.position || NONE}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      <MemberStatusBadge active={member.active} />
                    </Table.Td>
                    <Table.Td>
                      <ItemContextMenu
                        label={t('sites.members.menuOf', { name: member.name })}
                        href={paths.member(member.userId)}
                        actions={
                          canManage
                            ? [
                                {
                                  key: 'transfer',
                                  label: t('sites.members.transfer'),
                                  icon: <IconArrowsExchange size={16} />,
                                  onClick: () => void navigate(paths.member(member.userId, { tab: 'transfer', from: site.id })),
                                },
                                {
                                  key: 'remove',
                                  label: t('siteMembership.removeTitle'),
                                  icon: <IconUserMinus size={16} />,
                                  color: 'red',
                                  onClick: () => setRemoving({ userId: member.userId, memberName: member.name, siteId: site.id, siteName: site.name }),
                                },
                              ]
                            : []
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={members.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );

  return (
    <>
      {actions ? (
        <Group justify="flex-end" mb="md">
          {actions}
        </Group>
      ) : null}
      {content}
      <AssignMemberModal opened={assigning} onClose={() => setAssigning(false)} siteId={site.id} />
      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} siteId={site.id} />
      <RemoveFromSiteModal placement={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

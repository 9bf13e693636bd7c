// The Sites tab of a member: the sites they are in, with role and position; those who manage a
// site can start a transfer from it or remove the member from it, and assign them to another.
import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange, IconMapPin, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { RemoveFromSiteModal, type Placement } from '../../../components/site-membership/remove-from-site-modal.tsx';
import { NONE } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useAccess } from '../../../lib/session/use-access.ts';

interface MemberSitesTabProps {
  member: Member;
  onAssign: () => void;
}

export function MemberSitesTab({ member, onAssign }: MemberSitesTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageSite, managesAnySite } = useAccess();
  const sites = useAllSitesQuery();
  const [removing, setRemoving] = useState<Placement | null>(null);
  const name = member.fullName || member.username;
  const projectOf = useMemo(() => new Map((sites.data?.data ?? []).map((site) => [site.id, site.project])), [sites.data]);

  const assign = managesAnySite ? (
    <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={onAssign}>
      {t('members.actions.assign')}
    </Button>
  ) : null;

  if (member.teams.length === 0) {
    return (
      <EmptyState
        withCard
        icon={<IconMapPin size={28} />}
        title={t('members.profile.noSitesTitle')}
        description={t('members.profile.noSitesText')}
        action={assign}
      />
    );
  }

  return (
    <>
      {assign ? (
        <Group justify="flex-end" mb="md">
          {assign}
        </Group>
      ) : null}
      <Card withBorder radius="md" padding="sm">
        <ResponsiveTable minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.sites.site')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('members.sites.project')}</Table.Th>
                <Table.Th>{t('members.sites.role')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('members.sites.position')}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {member.teams.map((team) => {
                const project = projectOf.get(team.id);
                const manage = canManageSite(team.id);
                return (
                  <Table.Tr key={team.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.site(team.id)} fw={600}>
                        {team.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      {project ? (
                        <Anchor component={Link} to={paths.project(project.id)} c="inherit" size="sm">
                          {project.name}
                        </Anchor>
                      ) : (
                        <Text size="sm">{NONE}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" color={team.authority === 'SUPERVISOR' ? 'grape' : 'gray'}>
                        {t(`user.authority.${team.authority}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{team.position || NONE}</Table.Td>
                    <Table.Td>
                      <ItemContextMenu
                        label={t('members.sites.menuOf', { name: team.name })}
                        href={paths.site(team.id)}
                        actions={
                          manage
                            ? [
                                {
                                  key: 'transfer',
                                  label: t('members.actions.transferFrom'),
                                  icon: <IconArrowsExchange size={16} />,
                                  onClick: () => void navigate(paths.member(member.userId, { tab: 'transfer', from: team.id })),
                                },
                                {
                                  key: 'remove',
                                  label: t('siteMembership.removeTitle'),
                                  icon: <IconUserMinus size={16} />,
                                  color: 'red',
                                  onClick: () => setRemoving({ userId: member.userId, memberName: name, siteId: team.id, siteName: team.name }),
                                },
                              ]
                            : []
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      </Card>
      <RemoveFromSiteModal placement={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

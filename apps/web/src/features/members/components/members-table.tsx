// The members of one page: name and e-mail, status, business role, sites, position and rank; with
// a selection, a box beside each account waiting for activation that this business created, to
// print the chosen ones' activation cards.
import { Anchor, Avatar, Badge, Checkbox, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { MemberStatusBadge } from '../../../components/member-status-badge.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { initialOf } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { MemberMenu, managesIdentity, type MemberDialog } from './member-menu.tsx';

const SHOWN_SITES = 2;

/** The members chosen for activation cards, by user id. */
export interface CardSelection {
  chosen: ReadonlySet<number>;
  toggle: (userId: number) => void;
}

interface MembersTableProps {
  members: Member[];
  onOpen: (dialog: MemberDialog, member: Member) => void;
  onActivate: (member: Member) => void;
  /** Owners and admins choose pending members for their activation cards. */
  selection?: CardSelection;
}

export function MembersTable({ members, onOpen, onActivate, selection }: MembersTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <ResponsiveTable minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <VisuallyHidden>{t('members.cards.chooseColumn')}</VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th>{t('members.table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('members.table.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('members.table.role')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('members.table.sites')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('members.table.position')}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('members.table.rank')}
            </Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = member.fullName || member.username;
            const extra = member.teams.slice(SHOWN_SITES);
            return (
              <Table.Tr key={member.userId}>
                {selection ? (
                  <Table.Td>
                    {managesIdentity(member) ? (
                      <Checkbox
                        aria-label={t('members.cards.choose', { name })}
                        checked={selection.chosen.has(member.userId)}
                        onChange={() => selection.toggle(member.userId)}
                      />
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={member.avatar ?? member.imageUrl} alt="" radius="xl" size={36} color="indigo">
                      {initialOf(name)}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={paths.member(member.userId)} fw={600}>
                        {name}
                      </Anchor>
                      <Text size="xs" c="dimmed" dir="ltr" ta="start" truncate="end" maw={240}>
                        {member.email}
                      </Text>
                      {/* On a phone the status and the role columns are hidden: both go under the name. */}
                      <Group hiddenFrom="sm" mt={4} gap={6} data-testid="member-summary">
                        <MemberStatusBadge active={member.active} />
                        <Text size="xs">{t(`user.role.${member.authority}`)}</Text>
                      </Group>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <MemberStatusBadge active={member.active} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{t(`user.role.${member.authority}`)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {member.teams.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('members.table.noSites')}
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {member.teams.slice(0, SHOWN_SITES).map((team) => (
                        <Badge
                          key={team.id}
                          variant="light"
                          color={team.authority === 'SUPERVISOR' ? 'grape' : 'gray'}
                          tt="none"
                          component={Link}
                          to={paths.site(team.id)}
                          style={{ cursor: 'pointer' }}
                        >
                          {team.name}
                        </Badge>
                      ))}
                      {extra.length > 0 ? (
                        <Tooltip label={extra.map((team) => team.name).join('، ')} withArrow>
                          <Badge variant="outline" color="gray" tt="none">
                            +{extra.length}
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{member.position || NONE}</Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {member.rank === null ? NONE : formatNumber(member.rank, language)}
                </Table.Td>
                <Table.Td>
                  <MemberMenu member={member} onOpen={onOpen} onActivate={onActivate} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

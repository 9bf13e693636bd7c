// /members/:memberId: one member, with the tabs Profile, Sites, Tasks, Performance and Transfer (?tab=).
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconChartBar, IconListCheck, IconMapPin, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EntityPerformance } from '../../components/performance/entity-performance.tsx';
import { MemberStatusBadge } from '../../components/member-status-badge.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { initialOf } from '../../lib/localized.ts';
import { paths } from '../../lib/paths.ts';
import { useMemberQuery } from '../../lib/session/api/get-member.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MemberDialogs, useMemberDialogs } from './components/member-dialogs.tsx';
import { MemberMenu } from './components/member-menu.tsx';
import { MemberProfileTab } from './components/member-profile-tab.tsx';
import { MemberSitesTab } from './components/member-sites-tab.tsx';
import { MemberTasksTab } from './components/member-tasks-tab.tsx';
import { MemberTransferTab } from './components/member-transfer-tab.tsx';
import { useActivateMember } from './components/use-activate-member.ts';

export function MemberDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { managesAnySite } = useAccess();
  const memberId = Number(useParams().memberId);
  const valid = Number.isInteger(memberId) && memberId > 0;
  const query = useMemberQuery(memberId, valid);
  const dialogs = useMemberDialogs();
  const activation = useActivateMember();
  const member = query.data;
  const name = member ? member.fullName || member.username : t('members.detail.title');
  useDocumentTitle(name);

  return (
    <QueryGate query={query} valid={valid} notFound fallbackKey="fetchMemberFailed">
      {(member) => (
        <>
          <Group justify="space-between" align="flex-start" mb="lg" gap="md" wrap="nowrap">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={member.avatar ?? member.imageUrl} alt={t('user.avatarAlt', { name })} size={64} radius="xl" color="indigo">
                {initialOf(name)}
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                <Group gap="xs">
                  <MemberStatusBadge active={member.active} />
                  <Badge variant="light" color="indigo" tt="none">
                    {t(`user.role.${member.authority}`)}
                  </Badge>
                  {member.position ? (
                    <Text size="sm" c="dimmed">
                      {member.position}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
            </Group>
            <MemberMenu member={member} onOpen={dialogs.openDialog} onActivate={dialogs.activate} />
          </Group>
          <RouteTabs
            label={t('members.detail.tabs')}
            tabs={[
              {
                value: 'profile',
                label: t('tabs.profile'),
                icon: <IconUser size={16} />,
                panel: (
                  <MemberProfileTab
                    member={member}
                    onShowActivation={() => dialogs.openDialog('activation', member)}
                    onActivate={() => activation.activate(member)}
                    activating={activation.pending}
                  />
                ),
              },
              {
                value: 'sites',
                label: t('tabs.sites'),
                icon: <IconMapPin size={16} />,
                panel: <MemberSitesTab member={member} onAssign={() => dialogs.openDialog('assign', member)} />,
              },
              {
                value: 'tasks',
                label: t('members.tasks.tab'),
                icon: <IconListCheck size={16} />,
                panel: <MemberTasksTab member={member} />,
              },
              {
                value: 'performance',
                label: t('tabs.performance'),
                icon: <IconChartBar size={16} />,
                panel: <EntityPerformance entity="members" id={member.userId} />,
              },
              {
                value: 'transfer',
                label: t('tabs.transfer'),
                icon: <IconArrowsExchange size={16} />,
                hidden: !managesAnySite,
                panel: <MemberTransferTab member={member} />,
              },
            ]}
          />
          <MemberDialogs state={dialogs.state} onClose={dialogs.close} onDeleted={() => void navigate(paths.members, { replace: true })} />
        </>
      )}
    </QueryGate>
  );
}

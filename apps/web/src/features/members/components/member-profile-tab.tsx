// The Profile tab of a member: a sign-in lock (for admins), activation when still invited, their
// details and their site distribution (each site grouped by project, with role and position).
import { useMemo, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconMapPin, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MemberStatusBadge } from '../../../components/member-status-badge.tsx';
import { NONE } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useMemberPermissions } from './member-menu.tsx';
import { SignInLockAlert } from './sign-in-lock-alert.tsx';

interface MemberProfileTabProps {
  member: Member;
  onShowActivation: () => void;
  onActivate: () => void;
  activating?: boolean;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export interface ProjectGroup {
  projectId: number | null;
  projectName: string;
  sites: Member['teams'];
}

/** The member's sites grouped by project (sites whose project is unknown go last). */
export function groupByProject(teams: Member['teams'], projectOf: (siteId: number) => { id: number; name: string } | undefined): ProjectGroup[] {
  const groups = new Map<number | null, ProjectGroup>();
  for (const team of teams) {
    const project = projectOf(team.id);
    const key = project?.id ?? null;
    if (!groups.has(key)) groups.set(key, { projectId: key, projectName: project?.name ?? '', sites: [] });
    groups.get(key)?.sites.push(team);
  }
  return [...groups.values()].sort((a, b) => (a.projectId === null ? 1 : b.projectId === null ? -1 : a.projectName.localeCompare(b.projectName)));
}

export function MemberProfileTab({ member, onShowActivation, onActivate, activating = false }: MemberProfileTabProps) {
  const { t } = useTranslation();
  const sites = useAllSitesQuery();
  const can = useMemberPermissions(member);
  const groups = useMemo(() => {
    const byId = new Map((sites.data?.data ?? []).map((site) => [site.id, site.project]));
    return groupByProject(member.teams, (id) => byId.get(id));
  }, [member.teams, sites.data]);
  const phone = [member.countryCode, member.phone].filter(Boolean).join(' ');

  return (
    <Stack gap="lg">
      {can.canSeeSignInLock ? <SignInLockAlert member={member} /> : null}
      {can.canActivate ? (
        <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
          <Group justify="space-between" gap="md" wrap="wrap">
            <div style={{ flex: '1 1 280px' }}>
              <Title order={2} fz="h4">
                {t('members.activation.pendingTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('members.activation.pendingText')}
              </Text>
            </div>
            <Group gap="sm">
              {can.canShowActivationKey ? (
                <Button variant="light" leftSection={<IconKey size={16} />} onClick={onShowActivation}>
                  {t('members.actions.activationKey')}
                </Button>
              ) : null}
              <Button leftSection={<IconUserCheck size={16} />} onClick={onActivate} loading={activating}>
                {t('members.actions.activateNow')}
              </Button>
            </Group>
          </Group>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="md">
            {t('members.profile.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Detail label={t('members.profile.username')}>
              <span dir="ltr">{member.username}</span>
            </Detail>
            <Detail label={t('members.profile.email')}>
              <span dir="ltr">{member.email}</span>
            </Detail>
            <Detail label={t('members.profile.phone')}>{phone ? <span dir="ltr">{phone}</span> : NONE}</Detail>
            <Detail label={t('members.profile.position')}>{member.position || NONE}</Detail>
            <Detail label={t('members.profile.role')}>{t(`user.role.${member.authority}`)}</Detail>
            <Detail label={t('members.profile.status')}>
              <MemberStatusBadge active={member.active} />
            </Detail>
            <Detail label={t('members.profile.externalId')}>{member.externalId || NONE}</Detail>
          </SimpleGrid>
          {member.bio ? (
            <Text size="sm" mt="md" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {member.bio}
            </Text>
          ) : null}
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="md">
            {t('members.profile.distribution')}
          </Title>
          {groups.length === 0 ? (
            <EmptyState icon={<IconMapPin size={24} />} title={t('members.profile.noSitesTitle')} description={t('members.profile.noSitesText')} />
          ) : (
            <Stack gap="md">
              {groups.map((group) => (
                <div key={group.projectId ?? 'none'}>
                  <Group justify="space-between" mb={6} gap="xs">
                    {group.projectId ? (
                      <Anchor component={Link} to={paths.project(group.projectId)} fw={600} size="sm">
                        {group.projectName}
                      </Anchor>
                    ) : (
                      <Text fw={600} size="sm">
                        {t('members.profile.otherSites')}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t('members.profile.sitesCount', { number: group.sites.length })}
                    </Text>
                  </Group>
                  <Stack gap={6}>
                    {group.sites.map((team) => (
                      <Group key={team.id} justify="space-between" gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={paths.site(team.id)} size="sm" style={{ minWidth: 0 }}>
                          {team.name}
                        </Anchor>
                        <Group gap={6} wrap="nowrap">
                          {team.position ? (
                            <Text size="xs" c="dimmed" truncate="end" maw={140}>
                              {team.position}
                            </Text>
                          ) : null}
                          <Badge variant="light" tt="none" color={team.authority === 'SUPERVISOR' ? 'grape' : 'gray'}>
                            {t(`user.authority.${team.authority}`)}
                          </Badge>
                        </Group>
                      </Group>
                    ))}
                  </Stack>
                </div>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

// The signed-in user's avatar menu: who they are, their businesses (to switch between them),
// invitations with their count, profile, settings, logout.
import { Avatar, Badge, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconChevronDown, IconLogout, IconMail, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyInvitationsQuery } from '../../lib/session/api/get-my-invitations.ts';
import { initialOf } from '../../lib/localized.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { useSwitchBusiness } from '../../lib/session/use-switch-business.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const { account, member, business } = useSession();
  const logout = useLogout(account.id);
  const switchBusiness = useSwitchBusiness();
  const invitations = useMyInvitationsQuery().data?.length ?? 0;
  const name = member.fullName || account.fullName || account.username;
  const avatar = account.avatar ?? member.avatar ?? member.imageUrl;
  const identities = account.businessIdentities;

  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <UnstyledButton aria-label={invitations ? t('user.menuWithInvitations', { count: String(invitations) }) : t('user.menu')}>
          <Group gap={6} wrap="nowrap">
            <Indicator disabled={invitations === 0} color="red" size={10} offset={4} withBorder>
              <Avatar src={avatar} alt={t('user.avatarAlt', { name })} radius="xl" size={34} color="indigo">
                {initialOf(name)}
              </Avatar>
            </Indicator>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {account.email}
          </Text>
        </Menu.Label>
        {identities.length > 1 ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t('user.businesses')}</Menu.Label>
            {identities.map((identity) => {
              const current = identity.businessId === business.id;
              return (
                <Menu.Item
                  key={identity.businessId}
                  leftSection={<IconBuildingStore size={16} />}
                  rightSection={current ? <IconCheck size={14} aria-hidden /> : null}
                  aria-current={current ? 'true' : undefined}
                  onClick={current ? undefined : () => void switchBusiness(identity.apiKey)}
                >
                  <Text size="sm" truncate="end" dir="auto">
                    {identity.businessName}
                  </Text>
                </Menu.Item>
              );
            })}
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.invitations}
          leftSection={<IconMail size={16} />}
          rightSection={
            invitations ? (
              <Badge size="sm" circle color="red">
                {invitations}
              </Badge>
            ) : null
          }
        >
          {t('nav.invitations')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={16} />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings} leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

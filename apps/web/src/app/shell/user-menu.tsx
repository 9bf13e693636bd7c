// The signed-in user's avatar menu: who they are, profile, settings, logout.
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialOf } from '../../lib/localized.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useLogout } from '../../lib/session/use-logout.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const { account, member } = useSession();
  const logout = useLogout();
  const name = member.fullName || account.fullName || account.username;
  const avatar = account.avatar ?? member.avatar ?? member.imageUrl;

  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t('user.menu')}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatar} alt={t('user.avatarAlt', { name })} radius="xl" size={34} color="indigo">
              {initialOf(name)}
            </Avatar>
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
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

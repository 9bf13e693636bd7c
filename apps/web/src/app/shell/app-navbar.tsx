// The sidebar: navigation sections, logout at the end of "Other".
import { AppShell, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { NAV_SECTIONS, isActivePath } from './nav-items.ts';

export function AppNavbar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { account } = useSession();
  const logout = useLogout(account.id);
  const { isAdmin } = useAccess();
  const lastSection = NAV_SECTIONS.length - 1;

  return (
    <AppShell.Section grow component={ScrollArea} p="sm">
      <Stack gap="md">
        {NAV_SECTIONS.map((section, index) => (
          <div key={section.labelKey}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} id={`nav-${section.labelKey}`}>
              {t(section.labelKey)}
            </Text>
            <ul role="list" aria-labelledby={`nav-${section.labelKey}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {section.items
                .filter((item) => !item.adminsOnly || isAdmin)
                .map((item) => {
                  const active = isActivePath(pathname, item.to);
                  return (
                    <li key={item.to}>
                      <NavLink
                        component={Link}
                        to={item.to}
                        label={t(item.labelKey)}
                        leftSection={<item.icon size={18} stroke={1.7} />}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        variant="light"
                        style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      />
                    </li>
                  );
                })}
              {index === lastSection ? (
                <li>
                  <NavLink
                    component="button"
                    type="button"
                    label={t('nav.logout')}
                    leftSection={<IconLogout size={18} stroke={1.7} />}
                    onClick={() => void logout()}
                    c="red"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                </li>
              ) : null}
            </ul>
          </div>
        ))}
      </Stack>
    </AppShell.Section>
  );
}

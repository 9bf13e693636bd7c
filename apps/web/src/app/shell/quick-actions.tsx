// Quick actions in the header: New Project and New Site, for those who may create them.
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconFolderPlus, IconMapPinPlus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWideScreen } from '../../components/responsive-table.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';

export function QuickActions() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const wide = useWideScreen();
  if (!isAdmin) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      {/* The target is the button itself, so it carries the menu's aria-haspopup and aria-expanded. */}
      <Menu.Target>
        {wide ? (
          // The name begins with the text the button shows (WCAG 2.5.3), then says what it opens.
          <Button size="sm" leftSection={<IconPlus size={16} />} aria-label={`${t('actions.new')} (${t('actions.quickActions')})`}>
            {t('actions.new')}
          </Button>
        ) : (
          <ActionIcon size="lg" aria-label={t('actions.quickActions')}>
            <IconPlus size={18} />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('actions.quickActions')}</Menu.Label>
        <Menu.Item component={Link} to={paths.newProject} leftSection={<IconFolderPlus size={16} />}>
          {t('actions.newProject')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.newSite()} leftSection={<IconMapPinPlus size={16} />}>
          {t('actions.newSite')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

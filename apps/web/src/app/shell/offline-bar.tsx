// Said above every page but the tracker while the browser has no network: what still works, and the way to it.
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useOnline } from '../../lib/network-status.ts';
import { paths } from '../../lib/paths.ts';

export function OfflineBar() {
  const { t } = useTranslation();
  const online = useOnline();
  const { pathname } = useLocation();
  // The tracker says it itself, with when its copy was saved.
  if (online || pathname.startsWith(paths.tracker)) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" bg="var(--mantine-color-gray-0)" role="status">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCloudOff size={18} style={{ flexShrink: 0, marginBlockStart: 2 }} aria-hidden />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('offlineBar.text')}{' '}
          <Anchor component={Link} to={paths.tracker} size="sm" fw={600}>
            {t('offlineBar.tracker')}
          </Anchor>
        </Text>
      </Group>
    </Paper>
  );
}

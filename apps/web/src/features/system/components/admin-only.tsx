// The settings-area pages only owners and admins read: anyone else is told so, and nothing is
// asked of the server (which would refuse it).
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/session/use-access.ts';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  if (isAdmin) return children;
  return (
    <Alert color="gray" icon={<IconLock size={18} />}>
      {t('system.adminsOnly')}
    </Alert>
  );
}

// A member's account status: active, or waiting for activation (invited, not activated yet).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function MemberStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'teal' : 'orange'} tt="none" style={{ flexShrink: 0 }}>
      {t(active ? 'status.active' : 'status.waitingActivation')}
    </Badge>
  );
}

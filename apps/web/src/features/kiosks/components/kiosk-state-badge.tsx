// A kiosk's state as a badge: waiting for its tablet, code expired, in use, or turned off.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskState } from '@fieldops/shared/kiosks';

const COLORS: Record<KioskState, string> = { PENDING: 'yellow', EXPIRED: 'gray', ENROLLED: 'teal', REVOKED: 'red' };

export function KioskStateBadge({ state }: { state: KioskState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" autoContrast>
      {t(`kiosks.state.${state}`)}
    </Badge>
  );
}

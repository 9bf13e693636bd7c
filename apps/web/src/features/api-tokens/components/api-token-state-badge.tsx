// A token's state as a badge: active, expired or revoked.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiTokenState } from '@fieldops/shared/api-tokens';

const COLORS: Record<ApiTokenState, string> = { ACTIVE: 'teal', EXPIRED: 'gray', REVOKED: 'red' };

export function ApiTokenStateBadge({ state }: { state: ApiTokenState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" autoContrast miw="max-content">
      {t(`apiTokens.state.${state}`)}
    </Badge>
  );
}

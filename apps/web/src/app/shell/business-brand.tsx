// The business's logo (or its initial on its colour) and name, shown in the header.
import { Avatar, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialOf } from '../../lib/localized.ts';
import { useSession } from '../../lib/session/session-context.ts';

export function BusinessBrand() {
  const { t } = useTranslation();
  const { business, role } = useSession();
  return (
    <Group gap="sm" wrap="nowrap" component={Link} to="/" style={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
      <Avatar
        src={business.logo || null}
        alt={t('business.logoAlt', { name: business.name })}
        color={business.colour || 'indigo'}
        variant="filled"
        radius="md"
        size={36}
      >
        {initialOf(business.name)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text fw={700} truncate="end" maw={{ base: 140, sm: 260 }} data-testid="business-name">
          {business.name}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="xs">
          {t(`user.role.${role}`)}
        </Text>
      </div>
    </Group>
  );
}

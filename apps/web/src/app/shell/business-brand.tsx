// The business's logo (or its initial on its colour) and name, shown in the header.
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialOf } from '../../lib/localized.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';

export function BusinessBrand() {
  const { t } = useTranslation();
  const { business, role } = useSession();
  return (
    <UnstyledButton component={Link} to={paths.home} style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap">
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
          <Text fw={700} truncate="end" maw={{ base: 150, xs: 220, sm: 320 }} dir="auto" data-testid="business-name">
            {business.name}
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {t(`user.role.${role}`)}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

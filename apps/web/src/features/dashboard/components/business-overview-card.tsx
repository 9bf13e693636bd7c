// Business Overview: the business's identity and its counts of projects, sites and members
// (from the stats call, so a plain member sees what they may see).
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconFolders, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { timeZoneLabel } from '../../../lib/time-zones.ts';
import type { BusinessStats } from '@fieldops/shared/reports';
import { ErrorState } from '../../../components/error-state.tsx';
import { initialOf } from '../../../lib/localized.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { StatTile } from './stat-tile.tsx';

export function BusinessOverviewCard({ stats }: { stats: UseQueryResult<BusinessStats> }) {
  const { t, i18n } = useTranslation();
  const { business, role } = useSession();
  const loading = stats.isPending;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="business-overview-title" h="100%">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4" id="business-overview-title">
          {t('dashboard.overview.title')}
        </Title>
        <Badge variant="light">{t(`user.role.${role}`)}</Badge>
      </Group>
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar
          src={business.logo || null}
          alt={t('business.logoAlt', { name: business.name })}
          color={business.colour || 'indigo'}
          variant="filled"
          radius="md"
          size={56}
        >
          {initialOf(business.name)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg" truncate="end">
            {business.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.overview.timeZone', { zone: timeZoneLabel(business.timeZone, currentLanguage(i18n)) })}
          </Text>
        </Stack>
      </Group>
      {stats.isError && !stats.data ? (
        <ErrorState error={stats.error} fallbackKey="fetchStatsFailed" onRetry={() => void stats.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <StatTile
            label={t('dashboard.overview.projects')}
            value={stats.data?.projects ?? null}
            loading={loading}
            icon={<IconFolders size={22} />}
            testId="stat-projects"
          />
          <StatTile
            label={t('dashboard.overview.sites')}
            value={stats.data?.teams ?? null}
            loading={loading}
            icon={<IconMapPin size={22} />}
            color="teal"
            testId="stat-sites"
          />
          <StatTile
            label={t('dashboard.overview.members')}
            value={stats.data?.members ?? null}
            loading={loading}
            icon={<IconUsers size={22} />}
            color="grape"
            testId="stat-members"
          />
        </SimpleGrid>
      )}
    </Card>
  );
}

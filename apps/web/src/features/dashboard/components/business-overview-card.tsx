// Business Overview: the business's identity and its counts of projects, sites and members.
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initialOf } from '../../../lib/localized.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useProjectsCountQuery } from '../api/get-projects-count.ts';
import { StatTile } from './stat-tile.tsx';

export function BusinessOverviewCard() {
  const { t } = useTranslation();
  const { business, role, sites, membersTotal } = useSession();
  const projects = useProjectsCountQuery(business.id);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="business-overview-title">
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
            {t('dashboard.overview.timeZone', { zone: business.timeZone })}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: projects.isError ? 2 : 3 }} spacing="md">
        {projects.isError ? null : (
          <StatTile
            label={t('dashboard.overview.projects')}
            value={projects.data ?? null}
            loading={projects.isPending}
            icon={<IconFolders size={22} />}
          />
        )}
        <StatTile label={t('dashboard.overview.sites')} value={sites.length} icon={<IconMapPin size={22} />} color="teal" />
        <StatTile label={t('dashboard.overview.members')} value={membersTotal} icon={<IconUsers size={22} />} color="grape" />
      </SimpleGrid>
    </Card>
  );
}

// / (dashboard): Business Overview from the session, then the sections that fill in as
// schedules and answers come in.
import { Button, SimpleGrid, Stack } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartBar,
  IconFolderPlus,
  IconMapPinPlus,
  IconTags,
  IconTrophy,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { BusinessOverviewCard } from './components/business-overview-card.tsx';
import { SectionCard } from './components/section-card.tsx';

const SECTIONS = [
  { id: 'active-schedules', icon: IconCalendarTime },
  { id: 'best-worst', icon: IconTrophy },
  { id: 'load-distribution', icon: IconChartBar },
  { id: 'top-tags', icon: IconTags },
] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { account, member } = useSession();
  const name = member.fullName || account.fullName || account.username;

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        description={t('dashboard.welcome', { name })}
        actions={
          <>
            <Button component={Link} to="/projects?new=1" variant="light" leftSection={<IconFolderPlus size={16} />}>
              {t('actions.newProject')}
            </Button>
            <Button component={Link} to="/sites?new=1" variant="light" leftSection={<IconMapPinPlus size={16} />}>
              {t('actions.newSite')}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <BusinessOverviewCard />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {SECTIONS.map(({ id, icon: Icon }) => (
            <SectionCard
              key={id}
              id={`dashboard-${id}`}
              title={t(`dashboard.sections.${id}.title`)}
              icon={<Icon size={26} />}
              emptyTitle={t('dashboard.noData')}
              emptyText={t(`dashboard.sections.${id}.empty`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}

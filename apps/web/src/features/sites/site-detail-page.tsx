// /sites/:siteId: one site, with the tabs Performance, Members, Settings and Transfer (?tab=).
import type { Site } from '@fieldops/shared/organisation';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconArrowsExchange, IconChartBar, IconSettings, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EntityPerformance } from '../../components/performance/entity-performance.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedName } from '../../lib/localized.ts';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useSiteQuery } from './api/get-site.ts';
import { SiteMembersTab } from './components/site-members-tab.tsx';
import { SiteSettingsTab } from './components/site-settings-tab.tsx';
import { SiteTransferTab } from './components/site-transfer-tab.tsx';

export function SiteDetailPage() {
  const { t } = useTranslation();
  const siteId = Number(useParams().siteId);
  const query = useSiteQuery(siteId);
  return (
    <QueryGate query={query} valid={Number.isInteger(siteId) && siteId > 0} notFound errorTitle={t('sites.detail.title')} fallbackKey="fetchTeamFailed">
      {(site) => <SiteDetail site={site} />}
    </QueryGate>
  );
}

function SiteDetail({ site }: { site: Site }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { isAdmin, canManageSite } = useAccess();
  return (
    <>
      <PageHeader
        title={site.name}
        description={t('sites.detail.description')}
        actions={
          <Group gap="xs">
            {canManageSite(site.id) && !isAdmin ? (
              <Badge variant="light" color="grape" tt="none">
                {t('user.authority.SUPERVISOR')}
              </Badge>
            ) : null}
            {site.siteType ? (
              <Badge variant="light" tt="none">
                {localizedName(site.siteType, language)}
              </Badge>
            ) : null}
          </Group>
        }
      />
      <Text size="sm" mt={-12} mb="md">
        {t('sites.detail.project')}{' '}
        <Anchor component={Link} to={paths.project(site.projectId)} fw={600}>
          {site.project.name}
        </Anchor>
      </Text>
      <RouteTabs
        label={t('sites.detail.tabs')}
        tabs={[
          {
            value: 'performance',
            label: t('tabs.performance'),
            icon: <IconChartBar size={16} />,
            panel: <EntityPerformance entity="teams" id={site.id} />,
          },
          { value: 'members', label: t('tabs.members'), icon: <IconUsers size={16} />, panel: <SiteMembersTab site={site} /> },
          { value: 'settings', label: t('tabs.settings'), icon: <IconSettings size={16} />, panel: <SiteSettingsTab site={site} /> },
          {
            value: 'transfer',
            label: t('tabs.transfer'),
            icon: <IconArrowsExchange size={16} />,
            hidden: !isAdmin,
            panel: <SiteTransferTab site={site} />,
          },
        ]}
      />
    </>
  );
}

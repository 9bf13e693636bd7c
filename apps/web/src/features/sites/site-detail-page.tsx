// /sites/:siteId: one site, with the tabs Performance, Members, Settings and Transfer (?tab=).
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconArrowsExchange, IconChartBar, IconSettings, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedName } from '../../lib/localized.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useSiteQuery } from './api/get-site.ts';
import { SiteMembersTab } from './components/site-members-tab.tsx';
import { SiteSettingsTab } from './components/site-settings-tab.tsx';
import { SiteTransferTab } from './components/site-transfer-tab.tsx';

export function SiteDetailPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { isAdmin, canManageSite } = useAccess();
  const siteId = Number(useParams().siteId);
  const query = useSiteQuery(siteId);

  if (!Number.isInteger(siteId) || siteId <= 0) return <NotFoundPage />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('sites.detail.title')} />
        <ErrorState withCard error={query.error} fallbackKey="fetchTeamFailed" onRetry={() => void query.refetch()} />
      </>
    );
  }

  const site = query.data;
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
        <Anchor component={Link} to={`/projects/${site.projectId}`} fw={600}>
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
            panel: (
              <EmptyState
                withCard
                icon={<IconChartBar size={28} />}
                title={t('sites.performance.emptyTitle')}
                description={t('sites.performance.emptyText')}
              />
            ),
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

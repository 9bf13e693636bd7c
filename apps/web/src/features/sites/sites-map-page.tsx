// /sites/map: every site of the business with coordinates on one map, clustered, each coloured by
// its completion rate over the chosen days (the reports' date presets, kept in `?range=`); a
// site opens its page. The map and its library arrive in a chunk of their own.
import { Suspense, useEffect } from 'react';
import { Anchor, Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BAND_COLOURS, bandOf, clusterRate, type CompletionBand } from '../../components/map/completion-colour.ts';
import type { ClusterSite, SitesClusterMapProps } from '../../components/map/sites-cluster-map.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DatePresetControl } from '../../components/performance/date-preset-control.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { lazyPart } from '../../lib/lazy-page.ts';
import { paths } from '../../lib/paths.ts';
import { useDatePreset } from '../../lib/reports/date-presets.ts';
import { useMapSettingsQuery } from './api/get-map-settings.ts';
import { useSitesMapQuery } from './api/get-sites-map.ts';

const SitesClusterMapPart = lazyPart<SitesClusterMapProps>(async () => (await import('../../components/map/sites-cluster-map.tsx')).SitesClusterMap);
const BANDS: CompletionBand[] = ['high', 'middle', 'low', 'none'];

export function SitesMapPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const { preset, range, setPreset } = useDatePreset();
  const query = useSitesMapQuery(range);
  const settings = useMapSettingsQuery();
  // The map's library is fetched while the sites are, not after them.
  useEffect(() => {
    void SitesClusterMapPart.preload().catch(() => undefined);
  }, []);

  const siteLabel = (site: ClusterSite) =>
    site.completionRate === null
      ? t('maps.sites.siteNoData', { name: site.name })
      : t('maps.sites.site', { name: site.name, rate: formatPercent(site.completionRate, language) });

  return (
    <>
      <PageHeader
        title={t('nav.sitesMap')}
        description={t('sites.map.description')}
        actions={
          <Anchor component={Link} to={paths.sites} size="sm">
            {t('sites.map.list')}
          </Anchor>
        }
      />
      <Group justify="space-between" align="flex-end" mb="md" gap="md" wrap="wrap">
        <DatePresetControl value={preset} range={range} onChange={setPreset} />
        <Group gap="md" wrap="wrap" role="list" aria-label={t('sites.map.legend')}>
          {BANDS.map((band) => (
            <Group key={band} gap={6} wrap="nowrap" role="listitem">
              <Box w={14} h={14} style={{ borderRadius: '50%', background: BAND_COLOURS[band] }} aria-hidden />
              <Text size="sm">{t(`sites.map.${band}`)}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <QueryGate
        query={query}
        fallbackKey="fetchTeamsFailed"
        isEmpty={(data) => data.sites.length === 0}
        empty={<EmptyState withCard icon={<IconMapPin size={28} />} title={t('sites.map.emptyTitle')} description={t('sites.map.emptyText')} />}
      >
        {(data) => (
          <Stack gap="xs">
            <Card withBorder radius="md" padding={0} h="min(70vh, 640px)" data-testid="sites-map">
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed" p="md">
                    {t('maps.loading')}
                  </Text>
                }
              >
                <SitesClusterMapPart.Component
                  sites={data.sites}
                  tiles={settings.data ?? { tileUrl: '', attribution: '' }}
                  labels={{
                    map: t('maps.sites.label'),
                    zoomIn: t('maps.zoomIn'),
                    zoomOut: t('maps.zoomOut'),
                    cluster: (count) => t('maps.sites.cluster', { count }),
                    site: siteLabel,
                  }}
                  onOpen={(siteId) => void navigate(paths.site(siteId))}
                  colourOf={(rate) => BAND_COLOURS[bandOf(rate === null ? null : clusterRate(rate, 1))]}
                />
              </Suspense>
            </Card>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('sites.map.shown', { count: data.sites.length })}
              {data.unplaced > 0 ? ` · ${t('sites.map.unplaced', { count: data.unplaced })}` : ''}
            </Text>
          </Stack>
        )}
      </QueryGate>
    </>
  );
}

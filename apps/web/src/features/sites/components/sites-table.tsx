// The sites of one page: name and external ID, project, type, members, location, rank and (when
// any site of the page scored) average score over the last 30 days, the local active toggle and
// the item menu.
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import type { Site } from '@fieldops/shared/organisation';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { LocalStatusSwitch } from '../../../components/local-status-switch.tsx';
import { ScoreCell, ScoreHeading } from '../../../components/performance/score-column.tsx';
import { anyScored } from '../../../components/performance/score-text.ts';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';

interface SitesTableProps {
  sites: Site[];
  onEdit?: (site: Site) => void;
  onDelete?: (site: Site) => void;
  onDuplicate?: (site: Site) => void;
}

export function formatCoordinates(site: Pick<Site, 'latitude' | 'longitude'>): string {
  return site.latitude === null || site.longitude === null ? NONE : `${site.latitude.toFixed(4)}, ${site.longitude.toFixed(4)}`;
}

export function SitesTable({ sites, onEdit, onDelete, onDuplicate }: SitesTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const scoring = anyScored(sites);
  return (
    <ResponsiveTable minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sites.table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('sites.table.project')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('sites.table.type')}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('sites.table.members')}
            </Table.Th>
            <Table.Th visibleFrom="sm">{t('sites.table.location')}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('sites.table.rank')}
            </Table.Th>
            <ScoreHeading shown={scoring} />
            <Table.Th>{t('status.active')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.site(site.id)} fw={600}>
                  {site.name}
                </Anchor>
                {site.externalId ? (
                  <Text size="xs" c="dimmed">
                    {site.externalId}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {[site.project.name, site.siteType ? localizedName(site.siteType, language) : null].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Anchor component={Link} to={paths.project(site.projectId)} c="inherit" size="sm">
                  {site.project.name}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{site.siteType ? localizedName(site.siteType, language) : NONE}</Table.Td>
              <Table.Td ta="end" visibleFrom="sm">
                {formatNumber(site.membersCount, language)}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                  {formatCoordinates(site)}
                </Text>
              </Table.Td>
              <Table.Td ta="end" visibleFrom="sm">
                {site.rank === null ? NONE : formatNumber(site.rank, language)}
              </Table.Td>
              <ScoreCell shown={scoring} value={site.averageScore} />
              <Table.Td>
                <LocalStatusSwitch storageKey={STORAGE_KEYS.teams} id={site.id} fallback label={t('sites.table.activeOf', { name: site.name })} />
              </Table.Td>
              <Table.Td>
                <ItemContextMenu
                  label={t('sites.table.menuOf', { name: site.name })}
                  href={paths.site(site.id)}
                  onEdit={onEdit ? () => onEdit(site) : undefined}
                  onDuplicate={onDuplicate ? () => onDuplicate(site) : undefined}
                  onDelete={onDelete ? () => onDelete(site) : undefined}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

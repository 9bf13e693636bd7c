// The Sites tab of a project: its sites, 20 a page, and a shortcut to add one.
import { Anchor, Button, Card, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Project } from '@fieldops/shared/organisation';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ScoreCell, ScoreHeading } from '../../../components/performance/score-column.tsx';
import { anyScored } from '../../../components/performance/score-text.ts';
import { QueryGate } from '../../../components/query-gate.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { usePageParam } from '../../../lib/url-state.ts';
import { useProjectSitesQuery } from '../api/get-project-sites.ts';

export function ProjectSitesTab({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { isAdmin } = useAccess();
  const [page, setPage] = usePageParam();
  const query = useProjectSitesQuery(project.id, page);

  const newSite = isAdmin ? (
    <Button component={Link} to={paths.newSite(project.id)} variant="light" leftSection={<IconMapPinPlus size={16} />}>
      {t('actions.newSite')}
    </Button>
  ) : null;

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchTeamsByProjectFailed"
      isEmpty={(sites) => sites.total === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconMapPin size={28} />}
          title={t('projects.sites.emptyTitle')}
          description={t('projects.sites.emptyText')}
          action={newSite}
        />
      }
    >
      {(sites) => (
        <Card withBorder radius="md" padding="sm">
          {newSite ? <div style={{ display: 'flex', justifyContent: 'flex-end', marginBlockEnd: 8 }}>{newSite}</div> : null}
          <ResponsiveTable minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('projects.sites.name')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('projects.sites.type')}</Table.Th>
                  <Table.Th ta="end" visibleFrom="sm">
                    {t('projects.sites.members')}
                  </Table.Th>
                  <Table.Th ta="end" visibleFrom="sm">
                    {t('projects.table.rank')}
                  </Table.Th>
                  <ScoreHeading shown={anyScored(sites.data)} />
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sites.data.map((site) => (
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
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{site.siteType ? localizedName(site.siteType, language) : NONE}</Table.Td>
                    <Table.Td ta="end" visibleFrom="sm">
                      {formatNumber(site.membersCount, language)}
                    </Table.Td>
                    <Table.Td ta="end" visibleFrom="sm">
                      {site.rank === null ? NONE : formatNumber(site.rank, language)}
                    </Table.Td>
                    <ScoreCell shown={anyScored(sites.data)} value={site.averageScore} />
                    <Table.Td>
                      <ItemContextMenu label={t('projects.sites.menuOf', { name: site.name })} href={paths.site(site.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={sites.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );
}

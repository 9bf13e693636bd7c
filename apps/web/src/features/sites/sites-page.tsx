// /sites: the business's sites, 20 a page, filtered by project and searched by name, with
// create (also from the shell's New Site quick action, /sites?new=1), edit, delete and import
// from a file for owners and admins.
import { useState } from 'react';
import { Button, Card, Group } from '@mantine/core';
import { IconFileImport, IconMapPin, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Site } from '@fieldops/shared/organisation';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { parseIds, useFlagParam, usePageParam, useSearchParam } from '../../lib/url-state.ts';
import { useSitesQuery } from './api/get-sites.ts';
import { DeleteSiteModal } from './components/delete-site-modal.tsx';
import { SiteFormModal } from './components/site-form-modal.tsx';
import { SitesFilters } from './components/sites-filters.tsx';
import { SitesTable } from './components/sites-table.tsx';

export function SitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useAccess();
  const [page, setPage] = usePageParam();
  const [project] = useSearchParam('project');
  const [q] = useSearchParam('q');
  const [newRequested, clearNew] = useFlagParam('new');
  const [editing, setEditing] = useState<Site | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [copying, setCopying] = useState<Site | null>(null);
  // Clearing the filters from the empty state also resets the search box.
  const [filtersKey, setFiltersKey] = useState(0);
  const projectId = parseIds(project)[0];
  const filtered = Boolean(projectId || q);
  const query = useSitesQuery(page, { projectId, searchKey: q || undefined });

  const openCreate = () => void navigate(paths.newSite(projectId));
  const newButton = isAdmin ? (
    <Button onClick={openCreate} leftSection={<IconMapPinPlus size={16} />}>
      {t('actions.newSite')}
    </Button>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchTeamsFailed"
      isEmpty={(sites) => sites.data.length === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconMapPin size={28} />}
          title={t(filtered ? 'sites.list.noMatchTitle' : 'sites.list.emptyTitle')}
          description={t(filtered ? 'sites.list.noMatchText' : isAdmin ? 'sites.list.emptyText' : 'sites.list.emptyTextReader')}
          action={
            filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  setFiltersKey((key) => key + 1);
                  void navigate(paths.sites, { replace: true });
                }}
              >
                {t('sites.filters.clear')}
              </Button>
            ) : (
              newButton
            )
          }
        />
      }
    >
      {(sites) => (
        <Card withBorder radius="md" padding="sm">
          <SitesTable
            sites={sites.data}
            onEdit={isAdmin ? setEditing : undefined}
            onDuplicate={isAdmin ? setCopying : undefined}
            onDelete={isAdmin ? setDeleting : undefined}
          />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={sites.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );

  const actions = isAdmin ? (
    <Group gap="sm">
      <Button variant="light" component={Link} to={paths.newImport('SITES')} leftSection={<IconFileImport size={16} />}>
        {t('sites.actions.importSites')}
      </Button>
      {newButton}
    </Group>
  ) : null;

  return (
    <>
      <PageHeader title={t('nav.sites')} description={t('sites.description')} actions={actions} />
      <SitesFilters key={filtersKey} />
      {content}
      <SiteFormModal opened={isAdmin && newRequested} initialProjectId={projectId} onClose={clearNew} onSaved={(site) => void navigate(paths.site(site.id))} />
      <SiteFormModal opened={editing !== null} site={editing} onClose={() => setEditing(null)} />
      <SiteFormModal opened={copying !== null} copyOf={copying} onClose={() => setCopying(null)} onSaved={(site) => void navigate(paths.site(site.id))} />
      <DeleteSiteModal site={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

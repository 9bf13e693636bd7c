// /projects: the business's projects, 20 a page, with create (also from the shell's New
// Project quick action, /projects?new=1), edit and delete for owners and admins.
import { useState } from 'react';
import { Button, Card } from '@mantine/core';
import { IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Project } from '@fieldops/shared/organisation';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useFlagParam, usePageParam } from '../../lib/url-state.ts';
import { useProjectsQuery } from './api/get-projects.ts';
import { DeleteProjectModal } from './components/delete-project-modal.tsx';
import { ProjectFormModal } from './components/project-form-modal.tsx';
import { ProjectsTable } from './components/projects-table.tsx';

export function ProjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useAccess();
  const [page, setPage] = usePageParam();
  const [newRequested, clearNew] = useFlagParam('new');
  const [editing, setEditing] = useState<Project | null>(null);
  const [copying, setCopying] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const query = useProjectsQuery(page);

  const creating = isAdmin && newRequested;
  const openCreate = () => void navigate(paths.newProject);
  const newButton = isAdmin ? (
    <Button onClick={openCreate} leftSection={<IconFolderPlus size={16} />}>
      {t('actions.newProject')}
    </Button>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchProjectsFailed"
      isEmpty={(projects) => projects.total === 0 || projects.data.length === 0}
      empty={
        query.data?.total === 0 ? (
          <EmptyState
            withCard
            icon={<IconFolders size={28} />}
            title={t('messages.noProjectsFound')}
            description={t(isAdmin ? 'projects.list.emptyText' : 'projects.list.emptyTextReader')}
            action={newButton}
          />
        ) : (
          // A page past the end (after deletions or an old link) goes back to the first page.
          <EmptyState
            withCard
            icon={<IconFolders size={28} />}
            title={t('projects.list.pastEnd')}
            action={
              <Button variant="light" onClick={() => setPage(0)}>
                {t('projects.list.firstPage')}
              </Button>
            }
          />
        )
      }
    >
      {(projects) => (
        <Card withBorder radius="md" padding="sm">
          <ProjectsTable
            projects={projects.data}
            onEdit={isAdmin ? setEditing : undefined}
            onDuplicate={isAdmin ? setCopying : undefined}
            onDelete={isAdmin ? setDeleting : undefined}
          />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={projects.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );

  return (
    <>
      <PageHeader title={t('nav.projects')} description={t('projects.description')} actions={newButton} />
      {content}
      <ProjectFormModal opened={creating} onClose={clearNew} onSaved={(project) => void navigate(paths.project(project.id))} />
      <ProjectFormModal opened={editing !== null} project={editing} onClose={() => setEditing(null)} />
      <ProjectFormModal
        opened={copying !== null}
        copyOf={copying}
        onClose={() => setCopying(null)}
        onSaved={(project) => void navigate(paths.project(project.id))}
      />
      <DeleteProjectModal project={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

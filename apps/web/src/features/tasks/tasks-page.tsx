// /tasks: the business's tasks, 20 a page, newest first, searched by name (?q=, sent trimmed),
// with new task, create from template, and the item menu for those who manage tasks.
import { useState } from 'react';
import { Button, Card, Group } from '@mantine/core';
import { IconChecklist, IconPlus, IconSearchOff, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Task } from '@fieldops/shared/tasks';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { usePageParam, useSearchParam } from '../../lib/url-state.ts';
import { useTasksQuery } from './api/get-tasks.ts';
import { DeleteTaskModal } from './components/task/delete-task-modal.tsx';
import { SEARCH_PARAM, SearchBox } from './components/search-box.tsx';
import { TasksTable } from './components/task/tasks-table.tsx';
import { useDuplicateTask } from './components/task/use-duplicate-task.ts';

export function TasksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageTasks } = useAccess();
  const [page, setPage] = usePageParam();
  const [q] = useSearchParam(SEARCH_PARAM);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const duplicate = useDuplicateTask();
  const searchKey = q.trim();
  const query = useTasksQuery(searchKey, page);

  const createButtons = canManageTasks ? (
    <Group gap="sm">
      <Button component={Link} to={paths.taskTemplates} variant="light" leftSection={<IconTemplate size={16} />}>
        {t('tasks.fromTemplate')}
      </Button>
      <Button component={Link} to={paths.newTask} leftSection={<IconPlus size={16} />}>
        {t('tasks.newTask')}
      </Button>
    </Group>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchTasksFailed"
      isEmpty={(tasks) => tasks.total === 0 || tasks.data.length === 0}
      empty={
        query.data?.total !== 0 ? (
          // A page past the end (after deletions or an old link) goes back to the first page.
          <EmptyState
            withCard
            icon={<IconChecklist size={28} />}
            title={t('tasks.list.pastEnd')}
            action={
              <Button variant="light" onClick={() => setPage(0)}>
                {t('tasks.list.firstPage')}
              </Button>
            }
          />
        ) : searchKey ? (
          <EmptyState
            withCard
            icon={<IconSearchOff size={28} />}
            title={t('tasks.list.noMatchTitle')}
            description={t('tasks.list.noMatchText', { search: searchKey })}
          />
        ) : (
          <EmptyState
            withCard
            icon={<IconChecklist size={28} />}
            title={t('tasks.list.emptyTitle')}
            description={t(canManageTasks ? 'tasks.list.emptyText' : 'tasks.list.emptyTextReader')}
            action={createButtons}
          />
        )
      }
    >
      {(tasks) => (
        <Card withBorder radius="md" padding="sm">
          <TasksTable
            tasks={tasks.data}
            onEdit={canManageTasks ? (task) => void navigate(paths.task(task.id, { tab: 'settings' })) : undefined}
            onDuplicate={canManageTasks ? (task) => duplicate.run(task.id) : undefined}
            onDelete={canManageTasks ? setDeleting : undefined}
          />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={tasks.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );

  return (
    <>
      <PageHeader title={t('nav.tasks')} description={t('tasks.description')} actions={createButtons} />
      <SearchBox label={t('tasks.search.label')} placeholder={t('tasks.search.placeholder')} clearLabel={t('tasks.search.clear')} />
      {content}
      <DeleteTaskModal task={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

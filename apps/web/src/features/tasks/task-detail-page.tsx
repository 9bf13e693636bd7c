// /tasks/:taskId: one task, its id read from the last segment of the path (spec §2), with the
// tabs Actions, Preview, Plans, Answers, Settings and Performance (?tab=). A task of another
// business is not found.
import { Badge, Group } from '@mantine/core';
import { IconCalendarTime, IconChartBar, IconEye, IconListCheck, IconMessages, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { EntityPerformance } from '../../components/performance/entity-performance.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../lib/localized.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { isTaskId, taskIdFromPath, useTaskQuery } from './api/get-task.ts';
import { ActionsTab } from './components/actions/actions-tab.tsx';
import { AnswersTab } from './components/answers/answers-tab.tsx';
import { PlansTab } from './components/plans/plans-tab.tsx';
import { PreviewTab } from './components/actions/preview-tab.tsx';
import { SettingsTab } from './components/task/settings-tab.tsx';
import { TaskHeaderActions } from './components/task/task-header-actions.tsx';
import { GeofenceBadge } from './components/task/tasks-table.tsx';

export function TaskDetailPage() {
  const { t } = useTranslation();
  const taskId = taskIdFromPath(useLocation().pathname);
  const query = useTaskQuery(taskId);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <QueryGate query={query} valid={isTaskId(taskId)} notFound errorTitle={t('tasks.detail.title')} fallbackKey="fetchTaskFailed">
      {(task) => <TaskDetail task={task} />}
    </QueryGate>
  );
}

function TaskDetail({ task }: { task: TaskWithActions }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { canManageTasks } = useAccess();
  return (
    <>
      <PageHeader
        title={localizedName(task, language) || t('tasks.untitled')}
        description={localizedDescription(task, language) || t('tasks.detail.description')}
        actions={canManageTasks ? <TaskHeaderActions task={task} /> : null}
      />
      <Group gap="xs" mt={-8} mb="lg">
        {task.tag ? <Badge variant="outline">{localizedName(task.tag, language)}</Badge> : null}
        <Badge variant="light" color="gray">
          {t('tasks.table.actionsLabel', { value: formatNumber(task.actions.length, language) })}
        </Badge>
        <GeofenceBadge enabled={task.geoRestrictionEnabled} />
      </Group>
      <RouteTabs
        label={t('tasks.detail.tabs')}
        tabs={[
          {
            value: 'actions',
            label: t('tasks.detail.actionsTab'),
            icon: <IconListCheck size={16} />,
            panel: <ActionsTab task={task} canManage={canManageTasks} />,
          },
          { value: 'preview', label: t('tasks.detail.previewTab'), icon: <IconEye size={16} />, panel: <PreviewTab task={task} /> },
          { value: 'plans', label: t('tasks.detail.plansTab'), icon: <IconCalendarTime size={16} />, panel: <PlansTab taskId={task.id} /> },
          { value: 'answers', label: t('tasks.detail.answersTab'), icon: <IconMessages size={16} />, panel: <AnswersTab taskId={task.id} /> },
          {
            value: 'settings',
            label: t('tabs.settings'),
            icon: <IconSettings size={16} />,
            panel: <SettingsTab task={task} canManage={canManageTasks} />,
          },
          {
            value: 'performance',
            label: t('tabs.performance'),
            icon: <IconChartBar size={16} />,
            panel: <EntityPerformance entity="tasks" id={task.id} />,
          },
        ]}
      />
    </>
  );
}

// /tasks: the task list. Until its content exists it shows its header and an empty state.
import { Button } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TasksPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.tasks')}
      description={t('tasks.description')}
      icon={<IconChecklist size={28} />}
      emptyTitle={t('tasks.list.emptyTitle')}
      emptyText={t('tasks.list.emptyText')}
      actions={
        <Button component={Link} to="/tasks/new" leftSection={<IconPlus size={16} />}>
          {t('tasks.newTask')}
        </Button>
      }
    />
  );
}

// /tasks/new: creating a task. Until its content exists it shows its header and an empty state.
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function NewTaskPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('tasks.create.title')}
      description={t('tasks.create.description')}
      icon={<IconPlaylistAdd size={28} />}
      emptyTitle={t('tasks.create.emptyTitle')}
      emptyText={t('tasks.create.emptyText')}
    />
  );
}

// /tasks/:taskId: one task. Until its content exists it shows its header and an empty state.
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TaskDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('tasks.detail.title')}
      description={t('tasks.detail.description')}
      icon={<IconClipboardList size={28} />}
      emptyTitle={t('tasks.detail.emptyTitle')}
      emptyText={t('tasks.detail.emptyText')}
    />
  );
}

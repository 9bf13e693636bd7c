// /tasks/templates: the template browser. Until its content exists it shows its header and an empty state.
import { IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TaskTemplatesPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('tasks.templates.title')}
      description={t('tasks.templates.description')}
      icon={<IconTemplate size={28} />}
      emptyTitle={t('tasks.templates.emptyTitle')}
      emptyText={t('tasks.templates.emptyText')}
    />
  );
}

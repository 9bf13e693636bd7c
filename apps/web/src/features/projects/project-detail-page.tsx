// /projects/:projectId: one project. Until its content exists it shows its header and an empty state.
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function ProjectDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('projects.detail.title')}
      description={t('projects.detail.description')}
      icon={<IconFolder size={28} />}
      emptyTitle={t('projects.detail.emptyTitle')}
      emptyText={t('projects.detail.emptyText')}
    />
  );
}

// /projects: the projects of the business. Until its content exists it shows its header and an empty state.
import { Button } from '@mantine/core';
import { IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.projects')}
      description={t('projects.description')}
      icon={<IconFolders size={28} />}
      emptyTitle={t('projects.list.emptyTitle')}
      emptyText={t('projects.list.emptyText')}
      actions={
        <Button component={Link} to="/projects?new=1" leftSection={<IconFolderPlus size={16} />}>
          {t('actions.newProject')}
        </Button>
      }
    />
  );
}

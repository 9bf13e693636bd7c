// /sites: the sites (teams) of the business. Until its content exists it shows its header and an empty state.
import { Button } from '@mantine/core';
import { IconMapPin, IconMapPinPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SitesPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.sites')}
      description={t('sites.description')}
      icon={<IconMapPin size={28} />}
      emptyTitle={t('sites.list.emptyTitle')}
      emptyText={t('sites.list.emptyText')}
      actions={
        <Button component={Link} to="/sites?new=1" leftSection={<IconMapPinPlus size={16} />}>
          {t('actions.newSite')}
        </Button>
      }
    />
  );
}

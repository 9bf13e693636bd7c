// /sites/:siteId: one site. Until its content exists it shows its header and an empty state.
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SiteDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('sites.detail.title')}
      description={t('sites.detail.description')}
      icon={<IconMapPin size={28} />}
      emptyTitle={t('sites.detail.emptyTitle')}
      emptyText={t('sites.detail.emptyText')}
    />
  );
}

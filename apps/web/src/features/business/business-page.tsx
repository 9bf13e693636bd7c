// /business: the business profile and configuration. Until its content exists it shows its header and an empty state.
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function BusinessPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.business')}
      description={t('business.description')}
      icon={<IconBuildingStore size={28} />}
      emptyTitle={t('business.list.emptyTitle')}
      emptyText={t('business.list.emptyText')}
    />
  );
}

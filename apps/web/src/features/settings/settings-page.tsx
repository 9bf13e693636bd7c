// /settings: app and account preferences. Until its content exists it shows its header and an empty state.
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.settings')}
      description={t('settings.description')}
      icon={<IconSettings size={28} />}
      emptyTitle={t('settings.list.emptyTitle')}
      emptyText={t('settings.list.emptyText')}
    />
  );
}

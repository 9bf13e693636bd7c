// /tracker: My Tasks and All Tasks by status. Until its content exists it shows its header and an empty state.
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TrackerPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.tracker')}
      description={t('tracker.description')}
      icon={<IconRoute size={28} />}
      emptyTitle={t('tracker.list.emptyTitle')}
      emptyText={t('tracker.list.emptyText')}
    />
  );
}

// /reports: answers and performance reports. Until its content exists it shows its header and an empty state.
import { IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.reports')}
      description={t('reports.description')}
      icon={<IconReportAnalytics size={28} />}
      emptyTitle={t('reports.list.emptyTitle')}
      emptyText={t('reports.list.emptyText')}
    />
  );
}

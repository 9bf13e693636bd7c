// /tickets/:ticketId: one ticket. Until its content exists it shows its header and an empty state.
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TicketDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('tickets.detail.title')}
      description={t('tickets.detail.description')}
      icon={<IconTicket size={28} />}
      emptyTitle={t('tickets.detail.emptyTitle')}
      emptyText={t('tickets.detail.emptyText')}
    />
  );
}

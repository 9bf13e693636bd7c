// /tickets: the helpdesk tickets. Until its content exists it shows its header and an empty state.
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TicketsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.tickets')}
      description={t('tickets.description')}
      icon={<IconTicket size={28} />}
      emptyTitle={t('tickets.list.emptyTitle')}
      emptyText={t('tickets.list.emptyText')}
    />
  );
}

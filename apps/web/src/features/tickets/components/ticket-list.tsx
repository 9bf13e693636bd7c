// The list view: 20 tickets a page under the search and filters, newest first, with the
// empty states "no tickets yet" and "no match".
import { Button, Card } from '@mantine/core';
import { IconTicket, IconTicketOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { usePageParam } from '../../../lib/url-state.ts';
import { useTicketsQuery } from '../api/get-tickets.ts';
import { TicketsTable } from './tickets-table.tsx';
import type { TicketFilterState } from './use-ticket-filters.ts';

interface TicketListProps {
  state: TicketFilterState;
  newButton: ReactNode;
  onClearFilters: () => void;
}

export function TicketList({ state, newButton, onClearFilters }: TicketListProps) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = useTicketsQuery(state.filters, state.status, page);

  const empty =
    query.data?.total !== 0 ? (
      // A page past the end (an old link) goes back to the first page.
      <EmptyState
        withCard
        icon={<IconTicket size={28} />}
        title={t('tickets.list.pastEnd')}
        action={
          <Button variant="light" onClick={() => setPage(0)}>
            {t('tickets.list.firstPage')}
          </Button>
        }
      />
    ) : state.narrowed ? (
      <EmptyState
        withCard
        icon={<IconTicketOff size={28} />}
        title={t('tickets.list.noMatchTitle')}
        description={t('tickets.list.noMatchText')}
        action={
          <Button variant="light" onClick={onClearFilters}>
            {t('tickets.filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState withCard icon={<IconTicket size={28} />} title={t('tickets.list.emptyTitle')} description={t('tickets.list.emptyText')} action={newButton} />
    );
  return (
    <QueryGate query={query} fallbackKey="fetchTicketsFailed" isEmpty={(tickets) => tickets.total === 0 || tickets.data.length === 0} empty={empty}>
      {(tickets) => (
        <Card withBorder radius="md" padding="sm">
          <TicketsTable tickets={tickets.data} />
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={tickets.total} onChange={setPage} />
        </Card>
      )}
    </QueryGate>
  );
}

// /tickets: the helpdesk tickets as a board by status (the default) or as a list, chosen with
// ?view=board|list, under the same search and filters; "New ticket" opens the create dialog
// (?new=1).
import type { ReactNode } from 'react';
import { Button, SegmentedControl } from '@mantine/core';
import { IconLayoutKanban, IconList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/session/use-access.ts';
import { useFlagParam, useSearchParam } from '../../lib/url-state.ts';
import { usePrefetchTicketCounts } from './api/get-ticket-counts.ts';
import { usePrefetchBoardColumns } from './api/get-tickets.ts';
import { CreateTicketModal } from './components/create-ticket-modal.tsx';
import { TicketBoard } from './components/ticket-board.tsx';
import { TicketFiltersBar } from './components/ticket-filters.tsx';
import { TicketList } from './components/ticket-list.tsx';
import { useClearTicketFilters, useTicketFilters } from './components/use-ticket-filters.ts';

type View = 'board' | 'list';

export function TicketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { managesAnySite } = useAccess();
  const [viewParam, setView] = useSearchParam('view');
  const [creating, clearNew] = useFlagParam('new');
  const state = useTicketFilters();
  const clearFilters = useClearTicketFilters();
  const view: View = viewParam === 'list' ? 'list' : 'board';
  // The board's calls leave before the page below is drawn, not after.
  usePrefetchBoardColumns(state.filters, view === 'board');
  usePrefetchTicketCounts(state.filters, view === 'board');

  const openCreate = () => {
    const next = new URLSearchParams(params);
    next.set('new', '1');
    void navigate(`?${next.toString()}`);
  };
  const newButton = (
    <Button onClick={openCreate} leftSection={<IconPlus size={16} />}>
      {t('tickets.new')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('nav.tickets')}
        description={t('tickets.description')}
        actions={
          <>
            <SegmentedControl
              aria-label={t('tickets.view.label')}
              value={view}
              onChange={(value) => setView(value === 'list' ? 'list' : null, false)}
              data={[
                { value: 'board', label: <ViewLabel icon={<IconLayoutKanban size={16} />} text={t('tickets.view.board')} /> },
                { value: 'list', label: <ViewLabel icon={<IconList size={16} />} text={t('tickets.view.list')} /> },
              ]}
            />
            {newButton}
          </>
        }
      />
      <TicketFiltersBar showStatus={view === 'list'} />
      {view === 'board' ? (
        <TicketBoard filters={state.filters} canManage={managesAnySite} />
      ) : (
        <TicketList state={state} newButton={newButton} onClearFilters={clearFilters} />
      )}
      <CreateTicketModal opened={creating} onClose={clearNew} />
    </>
  );
}

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {icon}
      {text}
    </span>
  );
}

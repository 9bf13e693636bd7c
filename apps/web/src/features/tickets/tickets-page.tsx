// /tickets: the helpdesk tickets as a board by status (the default) or as a list, chosen with
// ?view=board|list, under the same search and filters; "New ticket" opens the create dialog
// (?new=1). "Select" lets owners, admins and supervisors choose tickets on either view and change
// them together from the bulk bar; Escape clears the choice.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, SegmentedControl } from '@mantine/core';
import { IconLayoutKanban, IconList, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/session/use-access.ts';
import { useFlagParam, usePageParam, useSearchParam } from '../../lib/url-state.ts';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { usePrefetchTicketCounts } from './api/get-ticket-counts.ts';
import { useShownTickets } from './api/bulk-update-tickets.ts';
import { usePrefetchBoardColumns, type TicketFilters } from './api/get-tickets.ts';
import { CreateTicketModal } from './components/create-ticket-modal.tsx';
import { TicketBoard } from './components/ticket-board.tsx';
import { TicketFiltersBar } from './components/ticket-filters.tsx';
import { TicketList } from './components/ticket-list.tsx';
import { TicketSelection, TicketSelectionContext } from './components/ticket-selection.ts';
import { useClearTicketFilters, useTicketFilters } from './components/use-ticket-filters.ts';

// The bulk bar (with the schema library its reason check reads) comes when Select is pressed.
const BulkBar = lazy(async () => ({ default: (await import('./components/bulk-bar.tsx')).BulkBar }));

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
  const selecting = useSelecting(view, state.filters, state.status);

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
            {managesAnySite ? (
              <Button
                variant={selecting.on ? 'filled' : 'default'}
                aria-pressed={selecting.on}
                leftSection={<IconListCheck size={16} />}
                onClick={selecting.toggle}
              >
                {t('tickets.bulk.select')}
              </Button>
            ) : null}
            {newButton}
          </>
        }
      />
      <TicketFiltersBar showStatus={view === 'list'} />
      <TicketSelectionContext.Provider value={selecting.on ? selecting.selection : null}>
        <>
          {view === 'board' ? (
            <TicketBoard filters={state.filters} canManage={managesAnySite} />
          ) : (
            <TicketList state={state} newButton={newButton} onClearFilters={clearFilters} />
          )}
          {selecting.on ? (
            <Suspense fallback={null}>
              <BulkBar selection={selecting.selection} />
            </Suspense>
          ) : null}
        </>
      </TicketSelectionContext.Provider>
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

/**
 * The "Select" mode: the selection, which reads the tickets shown (the board's loaded columns in
 * order, or the list's page) from the cache and is emptied when the search or a filter changes,
 * and Escape, which clears it unless it closes a menu or a dialog.
 */
function useSelecting(view: View, filters: TicketFilters, status: Ticket['status'] | undefined) {
  const [page] = usePageParam();
  const shown = useShownTickets(view, filters, status, page);
  const [selection] = useState(() => new TicketSelection());
  const [on, setOn] = useState(false);
  useEffect(() => selection.setShown(shown), [selection, shown]);
  // Another search or filter shows other tickets: none chosen before stays chosen unseen, to be
  // changed by the next bulk change. (The filters keep their identity while the address keeps them.)
  useEffect(() => selection.clear(), [selection, filters, status]);
  const toggle = () => {
    if (on) selection.clear();
    setOn(!on);
  };
  // Anywhere on the page (after a tap the focus is on no element at all).
  useEffect(() => {
    if (!on) return undefined;
    const keyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.key !== 'Escape' || event.defaultPrevented || target?.getAttribute('aria-expanded') === 'true') return;
      if (target?.closest('[role="dialog"], [role="menu"]') || document.querySelector('[role="dialog"]')) return;
      selection.clear();
    };
    document.addEventListener('keydown', keyDown);
    return () => document.removeEventListener('keydown', keyDown);
  }, [on, selection]);
  return { selection, on, toggle };
}

// The board: one column per status (NEW to CLOSED; the columns flow right to left in Arabic),
// each with its counter. Tickets move by drag and drop or by their menu, through the same
// transition rules and reason dialog as the ticket page. A moved card takes the focus in its new
// column (its menu button), so a move made with the keyboard goes on from the card.
// The handlers handed to the columns keep their identity, so a card that did not change is not
// drawn again when another one is dragged or moved.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, ScrollArea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';
import { useTicketCountsQuery } from '../api/get-ticket-counts.ts';
import type { TicketFilters } from '../api/get-tickets.ts';
import { BoardColumn } from './board-column.tsx';
import { useStatusChange } from './use-status-change.tsx';

interface TicketBoardProps {
  filters: TicketFilters;
  /** Whether the user may change statuses (owners, admins and supervisors). */
  canManage: boolean;
}

export function TicketBoard({ filters, canManage }: TicketBoardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const counts = useTicketCountsQuery(filters);
  // The first figure a page shows builds the language's number format, tens of milliseconds on a
  // phone: built while the page waits for its columns, if the browser tells when it is idle, not
  // while their first cards are drawn.
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return undefined;
    const idle = window.requestIdleCallback(() => formatNumber(0, language));
    return () => window.cancelIdleCallback(idle);
  }, [language]);
  // The card to focus once it shows in its column: the one just moved, or put back.
  const [focusing, setFocusing] = useState<{ id: number; status: Ticket['status'] } | null>(null);
  const statusChange = useStatusChange({ onMoved: (ticket, status) => setFocusing({ id: ticket.id, status }) });
  const [dragged, setDragged] = useState<Ticket | null>(null);

  const move = useStableCallback((ticket: Ticket, to: Ticket['status']) => {
    setDragged(null);
    statusChange.request(ticket, to);
  });
  const dragEnd = useStableCallback(() => setDragged(null));
  const focused = useStableCallback(() => setFocusing(null));

  return (
    <>
      {counts.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md" role="alert">
          <Group justify="space-between" gap="sm">
            {errorMessage(counts.error, 'fetchTicketsFailed')}
            <Button size="xs" variant="light" color="red" onClick={() => void counts.refetch()}>
              {t('actions.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {/* The scrollbar stays visible, so a screen too narrow for five columns shows there is more. */}
      <ScrollArea role="region" aria-label={t('tickets.board.label')} type="auto" scrollbars="x" offsetScrollbars="x" scrollbarSize={10}>
        <Group align="flex-start" wrap="nowrap" gap="md">
          {TICKET_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              filters={filters}
              count={counts.data?.[status]}
              dragged={dragged}
              onDragStart={setDragged}
              onDragEnd={dragEnd}
              onMove={canManage ? move : undefined}
              focusing={focusing}
              onFocused={focused}
            />
          ))}
        </Group>
      </ScrollArea>
      {statusChange.modal}
    </>
  );
}

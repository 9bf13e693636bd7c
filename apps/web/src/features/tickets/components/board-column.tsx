// One column of the board: its status and counter, its tickets (most recently changed first,
// 20 at a time with "load more"), and the drop zone for a dragged ticket.
import { useState, type DragEvent } from 'react';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@fieldops/shared/enums';
import { canTransition, type Ticket } from '@fieldops/shared/helpdesk';
import { QueryGate } from '../../../components/query-gate.tsx';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { columnTickets, useTicketColumnQuery, type TicketFilters } from '../api/get-tickets.ts';
import { STATUS_COLORS } from './ticket-badges.tsx';
import { TicketCard } from './ticket-card.tsx';

interface BoardColumnProps {
  status: TicketStatus;
  filters: TicketFilters;
  count: number | undefined;
  /** The ticket being dragged, if any. */
  dragged: Ticket | null;
  onDragStart: (ticket: Ticket) => void;
  onDragEnd: () => void;
  /** Present when the user may change statuses. */
  onMove?: (ticket: Ticket, to: TicketStatus) => void;
  /** The ticket whose card takes the focus once it shows in that status's column, then calls `onFocused`. */
  focusing?: { id: number; status: TicketStatus } | null;
  onFocused?: () => void;
}

export function BoardColumn({ status, filters, count, dragged, onDragStart, onDragEnd, onMove, focusing = null, onFocused }: BoardColumnProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useTicketColumnQuery(status, filters);
  const [over, setOver] = useState(false);
  const tickets = columnTickets(query.data?.pages);
  const titleId = `tickets-column-${status}`;

  const target = dragged && dragged.status !== status ? dragged : null;
  const allowed = target ? canTransition(target.status, status) : false;

  // A forbidden column still takes the drop, so the refusal can be explained.
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!target || !onMove) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const dragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (target && onMove) onMove(target, status);
  };

  const color = STATUS_COLORS[status];
  let borderColor = 'var(--mantine-color-default-border)';
  if (target) borderColor = allowed ? `var(--mantine-color-${color}-5)` : 'var(--mantine-color-red-4)';

  const body = (
    <QueryGate
      query={query}
      fallbackKey="fetchTicketsFailed"
      withCard={false}
      loading={
        <Center py="xl" role="status" aria-label={t('app.loading')}>
          <Loader size="sm" />
        </Center>
      }
      isEmpty={() => tickets.length === 0}
      empty={
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t('tickets.board.emptyColumn')}
        </Text>
      }
    >
      {() => (
        <>
          {tickets.map((ticket) => (
            <TicketCard
              key={ticket.id}
              ticket={ticket}
              onMove={onMove}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              dragging={dragged?.id === ticket.id}
              focus={focusing?.id === ticket.id && focusing.status === status}
              onFocused={onFocused}
            />
          ))}
          {query.hasNextPage ? (
            <Button variant="subtle" size="xs" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t('tickets.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </QueryGate>
  );

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      data-status={status}
      radius="md"
      p="sm"
      bg={over && allowed ? `var(--mantine-color-${color}-light)` : 'var(--mantine-color-gray-light)'}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
      style={{
        // Five columns fit side by side on a 1366 px laptop screen beside the navigation (with
        // room for a page scrollbar); narrower screens scroll the board sideways.
        flex: '1 1 0',
        minWidth: 184,
        maxWidth: 360,
        minHeight: 320,
        border: `2px ${target ? 'dashed' : 'solid'} ${borderColor}`,
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 999, background: `var(--mantine-color-${color}-6)`, flexShrink: 0 }} />
          <Title order={2} fz="sm" fw={700} id={titleId}>
            {t(`tickets.status.${status}`)}
          </Title>
        </Group>
        <Badge variant="light" color={color} aria-label={t('tickets.board.count', { count: count ?? 0 })} data-testid={`count-${status}`}>
          {count === undefined ? NONE : formatNumber(count, language)}
        </Badge>
      </Group>
      {target && !allowed ? (
        <Group gap={6} mb="sm" c="red" wrap="nowrap">
          <IconBan size={16} aria-hidden />
          <Text size="xs">{t('tickets.board.notAllowed')}</Text>
        </Group>
      ) : null}
      <Stack gap="sm">{body}</Stack>
    </Paper>
  );
}

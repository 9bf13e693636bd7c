// One column of the board: its status and counter, its tickets (most recently changed first,
// 20 at a time with "load more"), and the drop zone for a dragged ticket.
// Only the cards on screen (and a few around them) are drawn: the column keeps the height of all
// its loaded cards and places the drawn ones where they belong as the page scrolls, so a column
// of hundreds costs a phone no more than one of ten. The card being dragged, and the one about to
// take the focus, are drawn wherever they are; the list tells assistive technology each card's
// place and how many there are.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { canTransition } from '@fieldops/shared/ticket-transitions';
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
  const tickets = useMemo(() => columnTickets(query.data?.pages), [query.data?.pages]);
  const titleId = `tickets-column-${status}`;
  const list = useVirtualCards(tickets, [dragged?.id, focusing?.status === status ? focusing.id : undefined]);
  const focusIndex = focusing?.status === status ? tickets.findIndex((ticket) => ticket.id === focusing.id) : -1;
  const { scrollToIndex } = list.virtualizer;
  // The card about to take the focus is drawn (see useVirtualCards) and brought on screen.
  useEffect(() => {
    if (focusIndex >= 0) scrollToIndex(focusIndex, { align: 'auto' });
  }, [focusIndex, scrollToIndex]);

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
          <div ref={list.ref} role="list" aria-labelledby={titleId} style={{ position: 'relative', height: list.virtualizer.getTotalSize() }}>
            {list.virtualizer.getVirtualItems().map((item) => {
              const ticket = tickets[item.index];
              if (!ticket) return null;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  aria-posinset={item.index + 1}
                  aria-setsize={Math.max(count ?? 0, tickets.length)}
                  data-index={item.index}
                  ref={list.virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    insetInlineStart: 0,
                    width: '100%',
                    paddingBottom: CARD_GAP,
                    transform: `translateY(${item.start - list.virtualizer.options.scrollMargin}px)`,
                  }}
                >
                  <TicketCard
                    ticket={ticket}
                    onMove={onMove}
                    onDragStart={onDragStart}
                    onDragEnd={onDragEnd}
                    dragging={dragged?.id === ticket.id}
                    focus={item.index === focusIndex}
                    onFocused={onFocused}
                  />
                </div>
              );
            })}
          </div>
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

/** The space below each card (Mantine's "sm"). */
const CARD_GAP = 12;
/**
 * A card's place before it is measured (with the space below it): title on two lines, category,
 * assignee and site, as on a phone. Before the code has come, a board drawn on the server shows
 * its cards at these places, so they must not be short of a card's height.
 */
const CARD_ESTIMATE = 180;
/**
 * The window as the first render sees it, before anything is measured: the top of a phone's
 * screen below the page's header, about three cards (five with the overscan). A phone's board is
 * drawn so on the server (app/first-screen.ts), and the browser's first render draws the same
 * cards to take that drawing over; it then measures and draws what is on screen.
 */
const FIRST_RECT = { width: 0, height: 3 * CARD_ESTIMATE };

/**
 * The cards of a column drawn against the page's scroll: those on screen and a few either side,
 * plus the cards of `keep` (ticket ids) wherever they are.
 */
function useVirtualCards(tickets: readonly Ticket[], keep: readonly (number | undefined)[]) {
  const ref = useRef<HTMLDivElement>(null);
  // Where the list starts on the page; it moves when what is above it changes height.
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured after every render (what is above can change with any of them); set only when it moved.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- no list: on purpose, see above
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) >= 1) setScrollMargin(top);
  });
  const kept = keep.map((id) => (id === undefined ? -1 : tickets.findIndex((ticket) => ticket.id === id))).filter((index) => index >= 0);
  const keptKey = kept.join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of keptKey ? keptKey.split(',').map(Number) : []) indexes.add(index);
      return [...indexes].sort((a, b) => a - b);
    },
    [keptKey],
  );
  const virtualizer = useWindowVirtualizer({
    count: tickets.length,
    estimateSize: () => CARD_ESTIMATE,
    // Two cards either side: on a phone the board starts half a screen down, so four drew twice
    // as many cards as were on screen, and the first ones waited for them.
    overscan: 2,
    scrollMargin,
    initialRect: FIRST_RECT,
    initialOffset: 0,
    getItemKey: (index) => tickets[index]?.id ?? index,
    rangeExtractor,
    // A scroll draws the five columns again in one render, not each column in a render of its own
    // (with a layout read after each): scrolling the board on a phone held it for most of a second.
    useFlushSync: false,
  });
  return { ref, virtualizer };
}

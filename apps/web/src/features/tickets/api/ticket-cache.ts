// How the cached ticket views change together: the board's columns and counters move a ticket
// at once when its status changes (restored from a snapshot if the server refuses), and the
// lists, counters and history are refreshed after any change.
import { useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket, TicketCounts } from '@fieldops/shared/helpdesk';
import type { ListResult } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

type ColumnData = InfiniteData<ListResult<Ticket>, number>;

export interface BoardSnapshot {
  columns: Array<[QueryKey, ColumnData | undefined]>;
  counts: Array<[QueryKey, TicketCounts | undefined]>;
  detail: Ticket | undefined;
  ticketId: number;
}

/** A column's pages without the ticket, or with it on top (the first page holds the top). */
export function withoutTicket(data: ColumnData, ticketId: number): ColumnData {
  return {
    ...data,
    pages: data.pages.map((page) => {
      const kept = page.data.filter((ticket) => ticket.id !== ticketId);
      return kept.length === page.data.length ? page : { data: kept, total: Math.max(0, page.total - 1) };
    }),
  };
}

export function withTicketOnTop(data: ColumnData, ticket: Ticket): ColumnData {
  const [first, ...rest] = withoutTicket(data, ticket.id).pages;
  if (!first) return { ...data, pages: [{ data: [ticket], total: 1 }] };
  return { ...data, pages: [{ data: [ticket, ...first.data], total: first.total + 1 }, ...rest] };
}

/** Counters after a move: the old status one down (never below zero), the new one up. */
export function movedCounts(counts: TicketCounts, from: TicketStatus, to: TicketStatus): TicketCounts {
  return { ...counts, [from]: Math.max(0, (counts[from] ?? 0) - 1), [to]: (counts[to] ?? 0) + 1 };
}

const statusOfColumn = (key: QueryKey) => key[2] as TicketStatus;

/**
 * Applies a status change to every cached board column, counter and the ticket itself, and
 * returns what was there before so it can be put back.
 */
export async function moveTicketOptimistically(queryClient: QueryClient, ticket: Ticket, to: TicketStatus, now: Date = new Date()): Promise<BoardSnapshot> {
  // A fetch in flight would overwrite the optimistic state with the old one.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: ticketKeys.board }),
    queryClient.cancelQueries({ queryKey: ticketKeys.counts }),
    queryClient.cancelQueries({ queryKey: ticketKeys.detail(ticket.id) }),
  ]);
  const snapshot: BoardSnapshot = {
    columns: queryClient.getQueriesData<ColumnData>({ queryKey: ticketKeys.board }),
    counts: queryClient.getQueriesData<TicketCounts>({ queryKey: ticketKeys.counts }),
    detail: queryClient.getQueryData<Ticket>(ticketKeys.detail(ticket.id)),
    ticketId: ticket.id,
  };
  const from = ticket.status;
  const moved: Ticket = { ...ticket, status: to, updatedDate: now.toISOString() };

  for (const [key, data] of snapshot.columns) {
    if (!data) continue;
    const column = statusOfColumn(key);
    if (column === from) queryClient.setQueryData<ColumnData>(key, withoutTicket(data, ticket.id));
    else if (column === to) queryClient.setQueryData<ColumnData>(key, withTicketOnTop(data, moved));
  }
  for (const [key, counts] of snapshot.counts) {
    if (counts) queryClient.setQueryData<TicketCounts>(key, movedCounts(counts, from, to));
  }
  if (snapshot.detail) {
    queryClient.setQueryData<Ticket>(ticketKeys.detail(ticket.id), { ...snapshot.detail, status: to, updatedDate: moved.updatedDate });
  }
  return snapshot;
}

export function restoreBoard(queryClient: QueryClient, snapshot: BoardSnapshot): void {
  for (const [key, data] of snapshot.columns) queryClient.setQueryData(key, data);
  for (const [key, counts] of snapshot.counts) queryClient.setQueryData(key, counts);
  if (snapshot.detail) queryClient.setQueryData(ticketKeys.detail(snapshot.ticketId), snapshot.detail);
}

/** Refreshes what a change to a ticket affects: the board, the list, counters and its history. */
export async function invalidateTicketViews(queryClient: QueryClient, ticketId?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.board }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.counts }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists }),
    ticketId === undefined ? null : queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) }),
    ticketId === undefined ? null : queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  ]);
}

/** The same, for a flow of several calls that refreshes once at its end (a new ticket and its images). */
export function useTicketViewsRefresh(): (ticketId?: number) => Promise<void> {
  const queryClient = useQueryClient();
  return (ticketId) => invalidateTicketViews(queryClient, ticketId);
}

/** What a change to a ticket's images loads again: its attachments and the ticket views. */
export function useAttachmentsChanged(): (ticketId: number) => void {
  const queryClient = useQueryClient();
  return (ticketId) =>
    void Promise.all([queryClient.invalidateQueries({ queryKey: ticketKeys.attachments(ticketId) }), invalidateTicketViews(queryClient, ticketId)]);
}

// The tickets chosen for a bulk change, on the board and in the list. Kept outside React's state:
// each card and row listens to its own ticket only (useTicketSelected), so choosing one ticket
// draws that card again and the bar's count, not the whole board. Present (the context holds a
// store) only while the page is in its "Select" mode; otherwise cards draw no checkbox at all.
// It holds at most TICKET_BULK_MAX tickets, the most one bulk change takes: a choice past that
// (Select all shown, a Shift range, one more ticket) takes the first ones up to the limit and
// raises `limited`, which the bar says in words until the selection gets smaller.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { TICKET_BULK_MAX } from '@fieldops/shared/limits';

type Listener = () => void;

export class TicketSelection {
  private ids = new Set<number>();
  private listeners = new Set<Listener>();
  /** The last ticket toggled by itself: the other end of a Shift range. */
  private anchor: number | null = null;
  /** The tickets shown now, in their order on the page (the board's columns, the list's page). */
  private shownOf: () => number[] = () => [];
  /** Whether the last choice met the limit, so some of the tickets it named were left out. */
  private capped = false;

  constructor(private readonly max = TICKET_BULK_MAX) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  has = (id: number) => this.ids.has(id);
  get size() {
    return this.ids.size;
  }
  /** Whether a choice was cut at the limit (cleared when the selection gets smaller). */
  get limited() {
    return this.capped;
  }
  /** The chosen ids, in the order they were chosen. */
  list = () => [...this.ids];

  /** Where "Select all shown" and Shift ranges read the tickets on the page. */
  setShown(shown: () => number[]) {
    this.shownOf = shown;
  }
  shown = () => this.shownOf();

  /** Chooses or drops one ticket; with `range`, every shown ticket from the last one toggled to this one takes its new state. */
  toggle(id: number, range = false) {
    const on = !this.ids.has(id);
    const shown = this.shownOf();
    const [from, to] = [this.anchor === null ? -1 : shown.indexOf(this.anchor), shown.indexOf(id)];
    if (range && from >= 0 && to >= 0) {
      for (const each of shown.slice(Math.min(from, to), Math.max(from, to) + 1)) this.write(each, on);
    } else this.write(id, on);
    this.anchor = id;
    this.emit();
  }

  /** Adds these in their order, as many as the limit leaves room for. */
  selectAll(ids: number[]) {
    for (const id of ids) this.write(id, true);
    this.emit();
  }

  /** Keeps only these (the tickets a bulk change refused), in their order. */
  keepOnly(ids: number[]) {
    this.ids = new Set(ids.filter((id) => this.ids.has(id)));
    this.anchor = null;
    this.capped = false;
    this.emit();
  }

  clear() {
    if (this.ids.size === 0 && !this.capped) return;
    this.ids = new Set();
    this.anchor = null;
    this.capped = false;
    this.emit();
  }

  private write(id: number, on: boolean) {
    if (!on) {
      if (this.ids.delete(id)) this.capped = false;
      return;
    }
    if (this.ids.has(id)) return;
    if (this.ids.size < this.max) this.ids.add(id);
    else this.capped = true;
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const TicketSelectionContext = createContext<TicketSelection | null>(null);

/** The page's selection while it is in "Select" mode, else null. */
export const useTicketSelection = () => useContext(TicketSelectionContext);

const never = () => () => undefined;

/** Whether one ticket is chosen: only this ticket's card or row draws again when it changes. */
export function useTicketSelected(selection: TicketSelection | null, id: number): boolean {
  return useSyncExternalStore(
    selection ? selection.subscribe : never,
    () => selection?.has(id) ?? false,
    () => false,
  );
}

/** How many tickets are chosen. */
export function useSelectedCount(selection: TicketSelection | null): number {
  return useSyncExternalStore(
    selection ? selection.subscribe : never,
    () => selection?.size ?? 0,
    () => 0,
  );
}

/** Whether the last choice was cut at the most one bulk change takes. */
export function useSelectionLimited(selection: TicketSelection | null): boolean {
  return useSyncExternalStore(
    selection ? selection.subscribe : never,
    () => selection?.limited ?? false,
    () => false,
  );
}

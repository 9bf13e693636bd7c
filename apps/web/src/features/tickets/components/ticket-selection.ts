// The tickets chosen for a bulk change, on the board and in the list. Kept outside React's state:
// each card and row listens to its own ticket only (useTicketSelected), so choosing one ticket
// draws that card again and the bar's count, not the whole board. Present (the context holds a
// store) only while the page is in its "Select" mode; otherwise cards draw no checkbox at all.
import { createContext, useContext, useSyncExternalStore } from 'react';

type Listener = () => void;

export class TicketSelection {
  private ids = new Set<number>();
  private listeners = new Set<Listener>();
  /** The last ticket toggled by itself: the other end of a Shift range. */
  private anchor: number | null = null;
  /** The tickets shown now, in their order on the page (the board's columns, the list's page). */
  private shownOf: () => number[] = () => [];

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  has = (id: number) => this.ids.has(id);
  get size() {
    return this.ids.size;
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

  selectAll(ids: number[]) {
    for (const id of ids) this.ids.add(id);
    this.emit();
  }

  /** Keeps only these (the tickets a bulk change refused), in their order. */
  keepOnly(ids: number[]) {
    this.ids = new Set(ids.filter((id) => this.ids.has(id)));
    this.anchor = null;
    this.emit();
  }

  clear() {
    if (this.ids.size === 0) return;
    this.ids = new Set();
    this.anchor = null;
    this.emit();
  }

  private write(id: number, on: boolean) {
    if (on) this.ids.add(id);
    else this.ids.delete(id);
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

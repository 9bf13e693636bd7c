// Runs in the page of the interaction bench (bench/interaction.ts), before the app: records each
// interaction's latency (Event Timing entries over 16 ms, the longest entry of an interaction) and
// when the ticket board shows its first card and the first card of every column, and when the
// main thread was last busy (the end of its last long task), which tells when the page has settled.
// A card counts as shown once it is in the page and the page has painted (its first contentful
// paint): a board the server drew has its cards in the page as it is parsed, but they show only
// once its stylesheets have arrived and it paints. Such cards are seen when the page is parsed,
// an upper bound of when they arrived.
/* global document, location, MutationObserver */
(() => {
  const seen = { firstCard: NaN, allColumns: NaN, paint: NaN };
  const shown = (at) => (Number.isNaN(at) || Number.isNaN(seen.paint) ? NaN : Math.max(at, seen.paint));
  const state = {
    interactions: new Map(),
    lastBusy: 0,
    get firstCard() {
      return shown(seen.firstCard);
    },
    get allColumns() {
      return shown(seen.allColumns);
    },
  };
  globalThis.__probe = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const id = entry.interactionId ?? 0;
      if (id > 0) state.interactions.set(id, Math.max(state.interactions.get(id) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lastBusy = Math.max(state.lastBusy, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.paint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const watch = () => {
    if (Number.isNaN(seen.firstCard) && document.querySelector('[data-ticket-id]')) seen.firstCard = performance.now();
    const columns = [...document.querySelectorAll('section[data-status]')];
    // Every column shows its first card, or says it is empty.
    if (
      Number.isNaN(seen.allColumns) &&
      columns.length === 5 &&
      columns.every((column) => column.querySelector('[data-ticket-id]') || !column.querySelector('[role="status"]'))
    )
      seen.allColumns = performance.now();
  };
  const observer = new MutationObserver(watch);
  document.addEventListener('DOMContentLoaded', () => {
    // Only the board is watched: on another page (the runner) looking through the whole page at
    // every change would be counted in the latency of each keystroke and tap measured there.
    if (!location.pathname.startsWith('/tickets')) return;
    // What the page arrived with.
    watch();
    observer.observe(document.body, { childList: true, subtree: true });
  });
})();

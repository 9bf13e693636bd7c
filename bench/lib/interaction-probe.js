// Runs in the page of the interaction bench (bench/interaction.ts), before the app: records each
// interaction's latency (Event Timing entries over 16 ms, the longest entry of an interaction) and
// when the ticket board shows its first card and the first card of every column.
/* global document, MutationObserver */
(() => {
  const state = { interactions: new Map(), firstCard: NaN, allColumns: NaN };
  globalThis.__probe = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const id = entry.interactionId ?? 0;
      if (id > 0) state.interactions.set(id, Math.max(state.interactions.get(id) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  const watch = () => {
    if (Number.isNaN(state.firstCard) && document.querySelector('[data-ticket-id]')) state.firstCard = performance.now();
    const columns = [...document.querySelectorAll('section[data-status]')];
    // Every column shows its first card, or says it is empty.
    if (
      Number.isNaN(state.allColumns) &&
      columns.length === 5 &&
      columns.every((column) => column.querySelector('[data-ticket-id]') || !column.querySelector('[role="status"]'))
    )
      state.allColumns = performance.now();
  };
  const observer = new MutationObserver(watch);
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
})();

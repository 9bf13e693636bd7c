// Dropping every cached answer when a session ends or another begins. The cache arrives with the
// pages that read data (app/data-layout.tsx), not with sign-in, so sign-in asks through here:
// before the cache has arrived there is nothing to drop.
let reset: () => void = () => undefined;

export function setCacheReset(next: () => void): void {
  reset = next;
}

export function resetCachedData(): void {
  reset();
}

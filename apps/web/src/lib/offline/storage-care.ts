// The device's space for the outbox: the app asks the browser to keep its data (so answers are
// not cleared under storage pressure), and tells the member how much space is left, warning
// before it runs short.
/** Below this much free space, or above this share used, the member is warned. */
export const LOW_SPACE_BYTES = 100 * 1000 * 1000;
export const HIGH_USE_SHARE = 0.9;

let asked: Promise<boolean> | null = null;

/** Asks once per page for persistent storage; true when the browser grants it. */
export function requestPersistence(): Promise<boolean> {
  asked ??= (async () => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.persist) return false;
    try {
      return (await storage.persisted()) || (await storage.persist());
    } catch {
      return false;
    }
  })();
  return asked;
}

export interface SpaceEstimate {
  usage: number;
  quota: number;
  /** Space left is short: the member should send or let go of answers. */
  low: boolean;
}

export function isLow(usage: number, quota: number): boolean {
  if (quota <= 0) return false;
  return quota - usage < LOW_SPACE_BYTES || usage / quota > HIGH_USE_SHARE;
}

export async function estimateSpace(): Promise<SpaceEstimate | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    return { usage, quota, low: isLow(usage, quota) };
  } catch {
    return null;
  }
}

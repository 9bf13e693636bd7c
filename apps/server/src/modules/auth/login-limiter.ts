// Counts failed sign-ins per client address; after too many in a window, sign-in is refused
// until the window ends. Successful sign-ins clear the count.
export interface LoginLimiter {
  isBlocked(address: string): boolean;
  fail(address: string): void;
  succeed(address: string): void;
}

export function createLoginLimiter(maxFailures = 10, windowMs = 15 * 60 * 1000, now = () => Date.now()): LoginLimiter {
  const failures = new Map<string, { count: number; until: number }>();
  const current = (address: string) => {
    const entry = failures.get(address);
    if (entry && entry.until <= now()) {
      failures.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    isBlocked: (address) => (current(address)?.count ?? 0) >= maxFailures,
    fail(address) {
      const entry = current(address);
      if (entry) entry.count += 1;
      else failures.set(address, { count: 1, until: now() + windowMs });
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    succeed: (address) => void failures.delete(address),
  };
}

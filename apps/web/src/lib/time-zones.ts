// IANA time zones for pickers, with the browser's own zone as the default.
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function listTimeZones(ensure: string = browserTimeZone()): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', ensure]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

// Quiet hours: pushes and e-mails (not security ones) that would arrive between `start` and `end`
// in the business's time zone wait until `end`.

/** Minutes after midnight of `at` in `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** When a message made at `now` may go out: `now`, or the end of the quiet hours it falls in. */
export function releaseTime(now: Date, timeZone: string, quiet: { start: number; end: number } | null): Date {
  if (!quiet || quiet.start === quiet.end) return now;
  const minute = minuteOfDay(now, timeZone);
  const inside = quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
  if (!inside) return now;
  const wait = (quiet.end - minute + 24 * 60) % (24 * 60);
  const release = new Date(now.getTime() + wait * 60_000);
  release.setUTCSeconds(0, 0);
  return release;
}

export const clockToMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const minutesToClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

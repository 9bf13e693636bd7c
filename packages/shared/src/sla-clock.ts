// The SLA clock of a ticket: working time (business-calendar.ts) counted while the ticket waits
// on the business. It runs while the ticket is NEW or IN_PROGRESS, pauses while it is ON_HOLD,
// stops when it is RESOLVED or CLOSED, and runs again from where it stopped when the ticket is
// reopened. The same functions give the server the due time it stores and the board its time left.
import { calendarCounter, type BusinessCalendar } from './business-calendar.ts';
import type { TicketStatus } from './enums.ts';

/** A status the ticket entered at an instant; the first is its creation. */
export interface StatusChange {
  status: TicketStatus;
  at: Date | number;
}

const RUNNING: ReadonlySet<TicketStatus> = new Set<TicketStatus>(['NEW', 'IN_PROGRESS']);

/** Whether the clock counts while a ticket is in this status. */
export const clockRunsIn = (status: TicketStatus): boolean => RUNNING.has(status);

/** The spells [start, end) in which the clock ran up to `now`; an open spell ends at `now`. */
export function runningSpells(history: ReadonlyArray<StatusChange>, now: Date | number): Array<[number, number]> {
  const until = typeof now === 'number' ? now : now.getTime();
  const changes = history.map((c) => ({ status: c.status, at: typeof c.at === 'number' ? c.at : c.at.getTime() })).sort((a, b) => a.at - b.at);
  const spells: Array<[number, number]> = [];
  changes.forEach((change, i) => {
    if (!clockRunsIn(change.status)) return;
    const end = Math.min(changes[i + 1]?.at ?? until, until);
    if (end > change.at) spells.push([change.at, end]);
  });
  return spells;
}

export interface SlaReading {
  /** Working milliseconds counted so far. */
  elapsedMs: number;
  /** Of the budget, what is left (negative once breached). */
  remainingMs: number;
  /** Whether the clock is counting now. */
  running: boolean;
  /**
   * The instant the budget runs out: in the past once it has, in the future while the clock runs,
   * null while it is paused or stopped with budget left (it cannot be known until it runs again).
   */
  dueAt: number | null;
  breached: boolean;
}

/**
 * Reads a ticket's clock at `now` against a budget of working milliseconds. The history must
 * start with the ticket's creation; changes after `now` are ignored.
 */
export function readSlaClock(calendar: BusinessCalendar, history: ReadonlyArray<StatusChange>, budgetMs: number, now: Date | number): SlaReading {
  const until = typeof now === 'number' ? now : now.getTime();
  const counter = calendarCounter(calendar);
  const known = history.filter((c) => (typeof c.at === 'number' ? c.at : c.at.getTime()) <= until);
  const spells = runningSpells(known, until);
  const last = [...known].sort((a, b) => +a.at - +b.at).at(-1);
  const running = last !== undefined && clockRunsIn(last.status);
  let elapsed = 0;
  let dueAt: number | null = null;
  for (const [start, end] of spells) {
    const spell = counter.workingMs(start, end);
    if (dueAt === null && elapsed + spell >= budgetMs) dueAt = counter.addWorkingMs(start, budgetMs - elapsed);
    elapsed += spell;
  }
  // The clock runs on past now: the rest of the budget from now on.
  if (dueAt === null && running) dueAt = counter.addWorkingMs(until, budgetMs - elapsed);
  return { elapsedMs: elapsed, remainingMs: budgetMs - elapsed, running, dueAt, breached: elapsed >= budgetMs };
}

/** Working milliseconds a ticket's clock has counted up to `now`. */
export function elapsedWorkingMs(calendar: BusinessCalendar, history: ReadonlyArray<StatusChange>, now: Date | number): number {
  const counter = calendarCounter(calendar);
  return runningSpells(history, now).reduce((sum, [start, end]) => sum + counter.workingMs(start, end), 0);
}

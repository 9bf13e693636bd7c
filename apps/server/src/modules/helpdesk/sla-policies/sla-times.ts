// What a ticket's SLA rule and the business calendar make of its status history, without the
// database: the due and warning instants it stores (the board sorts and filters by them and the
// escalation sweep reaches them through their indexes), and the facts the SLA report reads,
// fixed when the first response comes and when the ticket is resolved.
import { addWorkingMs, MINUTE_MS, workingMsBetween, type BusinessCalendar } from '@fieldops/shared/business-calendar';
import type { TicketStatus } from '@fieldops/shared/enums';
import { readSlaClock } from '@fieldops/shared/sla-clock';
import type { SlaRule } from '@fieldops/shared/sla-policies';

/** A status a ticket entered and when: its creation (NEW) first. */
export interface StatusMoment {
  status: TicketStatus;
  at: Date;
}

export interface SlaTimes {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  /** Null once the first response came: the warning is of a response still awaited. */
  firstResponseWarnAt: Date | null;
  /** Null while the clock is paused or stopped: the warning is of a clock that runs. */
  resolutionWarnAt: Date | null;
}

export interface SlaFacts {
  firstResponseMinutes?: number;
  firstResponseBreached?: boolean | null;
  resolvedAt?: Date | null;
  resolutionMinutes?: number | null;
  resolutionBreached?: boolean | null;
}

/**
 * Which of the ticket's breaches the escalation sweep has recorded (ticket_sla_escalations): a
 * recorded breach stays a breach in the facts, whatever the rules or the calendar say later.
 */
export interface RecordedBreaches {
  firstResponse: boolean;
  resolution: boolean;
}

type Rule = Pick<SlaRule, 'firstResponseMinutes' | 'resolutionMinutes' | 'warnPercent'>;

const NO_TIMES: SlaTimes = { firstResponseDueAt: null, resolutionDueAt: null, firstResponseWarnAt: null, resolutionWarnAt: null };
const STOPPED: ReadonlySet<TicketStatus> = new Set<TicketStatus>(['RESOLVED', 'CLOSED']);
const instant = (ms: number | null) => (ms === null ? null : new Date(ms));
/** The working milliseconds of `percent` of a target of `minutes`. */
const shareMs = (minutes: number, percent: number) => Math.round((minutes * MINUTE_MS * percent) / 100);

/** The due times a ticket holds now. */
export type StoredDueTimes = Pick<SlaTimes, 'firstResponseDueAt' | 'resolutionDueAt'>;

/**
 * A target the sweep recorded as breached keeps the due time it was breached at when the rules,
 * the calendar or a raised priority would now put it later (or nowhere): the board and the ticket
 * go on showing it breached, as the report counts it. Its warning has passed with it.
 */
export function keepRecordedBreaches(times: SlaTimes, stored: StoredDueTimes, recorded: RecordedBreaches): SlaTimes {
  const kept = (breached: boolean, was: Date | null, next: Date | null) => breached && was !== null && (next === null || was < next);
  const first = kept(recorded.firstResponse, stored.firstResponseDueAt, times.firstResponseDueAt);
  const resolution = kept(recorded.resolution, stored.resolutionDueAt, times.resolutionDueAt);
  return {
    firstResponseDueAt: first ? stored.firstResponseDueAt : times.firstResponseDueAt,
    firstResponseWarnAt: first ? null : times.firstResponseWarnAt,
    resolutionDueAt: resolution ? stored.resolutionDueAt : times.resolutionDueAt,
    resolutionWarnAt: resolution ? null : times.resolutionWarnAt,
  };
}

/**
 * The due and warning instants of a ticket with this history at `now`. The first response is due
 * a rule's working minutes after creation; the resolution's clock pauses on hold and stops when
 * resolved (sla-clock.ts), so its due time is null while paused or stopped with time left and in
 * the past once breached. A warning falls when the rule's share of a target is used.
 */
export function slaTimesOf(rule: Rule | null, calendar: BusinessCalendar, statuses: readonly StatusMoment[], now: Date): SlaTimes {
  if (!rule) return NO_TIMES;
  const created = statuses[0]?.at ?? now;
  // Every change after the creation is a status change, and the first of them left NEW.
  const responded = statuses.length > 1;
  const last = statuses.at(-1)?.status ?? 'NEW';
  const running = last === 'NEW' || last === 'IN_PROGRESS';
  const first = rule.firstResponseMinutes;
  const resolution = rule.resolutionMinutes;
  const warn = rule.warnPercent;
  const clockAt = (ms: number) => instant(readSlaClock(calendar, statuses, ms, now).dueAt);
  return {
    firstResponseDueAt: first === null ? null : instant(addWorkingMs(calendar, created, first * MINUTE_MS)),
    resolutionDueAt: resolution === null ? null : clockAt(resolution * MINUTE_MS),
    firstResponseWarnAt: first === null || warn === null || responded ? null : instant(addWorkingMs(calendar, created, shareMs(first, warn))),
    resolutionWarnAt: resolution === null || warn === null || !running ? null : clockAt(shareMs(resolution, warn)),
  };
}

/**
 * The facts a move from `from` to `to` at `now` fixes (`statuses` holds the move): leaving NEW the
 * first time, the first response's working minutes and whether it was late; entering RESOLVED or
 * CLOSED from an open status, when, the clock's working minutes and whether it ran out; reopening,
 * none of those any more. A breach the sweep recorded is a breach, though the rule now in force
 * (a longer one, or the raised priority's) would allow the time taken.
 */
export function slaFactsOf(
  rule: Rule | null,
  calendar: BusinessCalendar,
  move: {
    statuses: readonly StatusMoment[];
    from: TicketStatus;
    to: TicketStatus;
    firstResponded: boolean;
    times: SlaTimes;
    recorded: RecordedBreaches;
  },
  now: Date,
): SlaFacts {
  const facts: SlaFacts = {};
  const created = move.statuses[0]?.at ?? now;
  if (move.from === 'NEW' && !move.firstResponded) {
    facts.firstResponseMinutes = Math.floor(workingMsBetween(calendar, created, now) / MINUTE_MS);
    const due = move.times.firstResponseDueAt;
    facts.firstResponseBreached = move.recorded.firstResponse ? true : due === null ? null : now.getTime() > due.getTime();
  }
  if (STOPPED.has(move.to) && !STOPPED.has(move.from)) {
    const budget = rule?.resolutionMinutes ?? null;
    // The clock read with any budget counts the same working time; without a target, no breach.
    const reading = readSlaClock(calendar, move.statuses, (budget ?? 1) * MINUTE_MS, now);
    facts.resolvedAt = now;
    facts.resolutionMinutes = Math.floor(reading.elapsedMs / MINUTE_MS);
    facts.resolutionBreached = move.recorded.resolution ? true : budget === null ? null : reading.breached;
  } else if (STOPPED.has(move.from) && !STOPPED.has(move.to)) {
    facts.resolvedAt = null;
    facts.resolutionMinutes = null;
    facts.resolutionBreached = null;
  }
  return facts;
}

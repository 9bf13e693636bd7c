// The reports' sizes, kinds and names, without their schemas (reports.ts): a screen that needs
// only these does not carry the schema library.

/** The entities that best and worst lists rank. `schedules` ranks execution plans (a group plan and its members' plans). */
export const KPI_KINDS = ['members', 'projects', 'teams', 'tasks', 'schedules'] as const;
export type KpiKind = (typeof KPI_KINDS)[number];

/** KPI list order: `rate` ranks by completion rate (best or worst first), `load` by number of schedules. */
export const KPI_ORDERS = ['rate', 'load'] as const;
export type KpiOrder = (typeof KPI_ORDERS)[number];

/** The longest range a report accepts: a little over a year. */
export const MAX_REPORT_DAYS = 400;
export const DEFAULT_KPI_SIZE = 5;
export const MAX_KPI_SIZE = 100;
/** Days in the performance series when no range is given. */
export const DEFAULT_PERFORMANCE_DAYS = 30;

/** The dashboard's cards: the kinds it ranks, the kinds it shows by load, and how many of each. */
export const DASHBOARD_RANKED = ['tasks', 'members', 'teams', 'projects'] as const satisfies readonly KpiKind[];
export const DASHBOARD_LOADED = ['members', 'teams', 'projects'] as const satisfies readonly KpiKind[];
export const DASHBOARD_LOAD_SIZE = 10;
export const DASHBOARD_TAGS_SIZE = 5;

/**
 * The report date filters (spec §2, §9), each a range of whole days of the business's time zone,
 * both ends inclusive: the offsets from today of its first and its last day. Last week is seven
 * days, today included; last month thirty.
 */
export const DATE_PRESET_OFFSETS = {
  yesterday: [-1, -1],
  last2Days: [-1, 0],
  last3Days: [-2, 0],
  lastWeek: [-6, 0],
  lastMonth: [-29, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type DatePreset = keyof typeof DATE_PRESET_OFFSETS;
/** The range a report screen, the dashboard and the first screen show until another is chosen. */
export const DEFAULT_DATE_PRESET: DatePreset = 'lastWeek';

/** The event name of a new answer in the live feed. */
export const LIVE_FEED_EVENT = 'answer';

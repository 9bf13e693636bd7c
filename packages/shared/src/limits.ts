// Business constants of the product (spec §9), shared by the server and the forms.
export const MAX_TAGS_PER_BUSINESS = 3;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * An instruction's image is read by every member who runs the task, often on a phone network and
 * kept on the device for offline work: smaller than other uploads.
 */
export const INSTRUCTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Stored files are served through signed links that expire (DESIGN §11): each link lives 10 to 15
 * minutes and stays the same for 5, so the browser can cache it; a view that stays open reads its
 * links again at least every FILE_LINK_BUCKET_MS.
 */
export const FILE_LINK_BUCKET_MS = 5 * 60_000;
export const FILE_LINK_MIN_LIFETIME_MS = 10 * 60_000;
/**
 * The links an exported file writes for its photos and voice notes (public links, DESIGN §13) work
 * this many days unless the business revokes them first; an export may ask for fewer or more, up
 * to the maximum. One export names at most EXPORT_LINK_MAX_FILES files.
 */
export const EXPORT_LINK_DEFAULT_DAYS = 365;
export const EXPORT_LINK_MAX_DAYS = 3650;
/** A shared inspection report works this many days unless asked otherwise, and at most the second. */
export const INSPECTION_SHARE_DEFAULT_DAYS = 30;
export const INSPECTION_SHARE_MAX_DAYS = 365;
/** One e-mail of an inspection report goes to at most this many addresses. */
export const INSPECTION_MAIL_MAX_TO = 10;
export const EXPORT_LINK_MAX_FILES = 20_000;
export const MEMBER_SEARCH_MIN_LENGTH = 4;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
/** The most tickets one bulk change takes (`POST /v1/tickets/bulk`), and so the most the board's or the list's selection holds. */
export const TICKET_BULK_MAX = 200;
export const COMMENTS_PAGE_SIZE = 10;
export const COMMENTS_REFETCH_SIZE = 40;
export const TEMPLATES_PAGE_SIZE = 100;
export const EXECUTION_PLANS_PAGE_SIZE = 100;
export const USER_TASK_ANSWERS_SIZE = 500;
export const DEFAULT_GEOFENCE_RADIUS_M = 200;
/**
 * Answers delivered later from the device's outbox carry the moment they were captured: one up to
 * this far ahead of the server's clock is taken as the device's clock running fast.
 */
export const CAPTURE_CLOCK_SKEW_MS = 2 * 60_000;
/** An answer captured longer ago than this is refused when it arrives. */
export const MAX_CAPTURE_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * How many hours after a schedule's deadline an answer delivered late may still count, a setting
 * of each business: 0 counts none, and no more than the oldest capture taken (MAX_CAPTURE_AGE_MS).
 */
export const DEFAULT_LATE_ANSWER_HOURS = 24;
export const MAX_LATE_ANSWER_HOURS = 168;
export const SHIFT_START_HOUR = 6;
/** Shifts end at midnight, written 24:00 in the 24-hour clock. */
export const SHIFT_END_HOUR = 24;
/** A daily plan repeats every 1 to 52 days, a weekly one every 1 to 52 weeks. */
export const MAX_REPEAT_EVERY = 52;
/** The dates a plan skips (its exceptions). */
export const MAX_EXCEPTION_DATES = 60;
/** Where each of the three services' API lives (spec §9): the server mounts them there, the web app calls them there. */
export const API_BASES = {
  main: '/api',
  workflow: '/services/workflow/api',
  helpdesk: '/services/helpdesk/api',
} as const;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const API_KEY_HEADER = 'X-Api-Key';

/** Local-storage keys of the web client (spec §9). */
/**
 * A page the server draws (apps/server/src/plugins/first-screen.ts): the id of its JSON element
 * holding the answers it was drawn from, and the meta element by which the web build names the
 * stylesheets that page links.
 */
export const FIRST_SCREEN = { answers: 'fieldops-first-screen', styles: 'fieldops-first-screen-styles' } as const;

export const STORAGE_KEYS = {
  token: 'id_token',
  apiKey: 'apiKey',
  projects: 'projects',
  teams: 'teams',
  language: 'language',
  /** The size photos are brought to before they wait in the outbox (lib/offline/photo-compression.ts). */
  photoSize: 'photoSize',
  /** Where the dashboard's one call goes and the business's zone, for index.html's first script to ask early. */
  dashboardHint: 'dashboardHint',
  /** The person said "Not now" to the tracker's offer of notifications on this device. */
  pushPrompt: 'pushPrompt',
} as const;

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The longest grace window a plan may give after its deadline (the database checks it too). */
export const MAX_GRACE_MINUTES = 24 * 60;

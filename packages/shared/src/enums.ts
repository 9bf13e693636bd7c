// Enumerations of the product (spec §4, DESIGN §4 and §6).
export const BUSINESS_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

export const SITE_AUTHORITIES = ['SUPERVISOR', 'MEMBER'] as const;
export type SiteAuthority = (typeof SITE_AUTHORITIES)[number];

export const MEMBER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const LOOKUP_KINDS = ['PROJECT_TYPE', 'TEAM_TYPE'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const TICKET_STATUSES = ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['NO_PRIORITY', 'LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** MONTHLY: the chosen weekdays in the chosen weeks of every month ("the last Friday"). */
export const SCHEDULE_TYPES = ['ONCE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_STATUSES = ['pending', 'inProgress', 'done', 'late', 'missed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Finished: every required answer given, on time (done) or in the plan's grace window (late). */
export const isFinished = (status: ScheduleStatus) => status === 'done' || status === 'late';

/**
 * Why an answer is kept but never counted: its plan was paused when it arrived, its schedule had
 * been removed by a plan change, or it was delivered after the deadline without proof of its
 * capture time (later than the business counts late answers, or captured before the member's
 * device held the schedule).
 */
export const ANSWER_HOLDS = ['PAUSED', 'REMOVED', 'UNPROVEN'] as const;
export type AnswerHold = (typeof ANSWER_HOLDS)[number];

/** Where an answer was given relative to its site's geofence, when its task checks location (DESIGN §13). */
export const LOCATION_STATUSES = ['INSIDE', 'OUTSIDE', 'UNVERIFIED'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

export const EXECUTION_STATUSES = ['COMPLETED', 'RUNNING', 'ACTIVE', 'UPCOMING', 'PAUSED', 'CANCELED', 'INACTIVE'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const DEADLINE_UNITS = ['MINUTES', 'HOURS', 'DAYS', 'MONTHS'] as const;
export type DeadlineUnit = (typeof DEADLINE_UNITS)[number];

/**
 * Action types offered by `GET /v1/action-types`. CHECK is a step the member marks done; a
 * SIGNATURE is drawn on the screen and kept as an image; an INSTRUCTION is text (and an image) to
 * read, with no answer.
 */
export const ACTION_TYPES = [
  'TEXT',
  'NUMBER',
  'YES_NO',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'PHOTO',
  'VOICE',
  'DATE',
  'TIME',
  'RATING',
  'SLIDER',
  'CHECK',
  'SIGNATURE',
  'INSTRUCTION',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** Types whose answers are picked from the action's options. */
export const OPTION_ACTION_TYPES: readonly ActionType[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE'];
/** Types that are read, not answered: never required, never counted. */
export const UNANSWERED_ACTION_TYPES: readonly ActionType[] = ['INSTRUCTION'];
/** Types answered with an image file (the photo part of an answer). */
export const FILE_ACTION_TYPES: readonly ActionType[] = ['PHOTO', 'SIGNATURE'];
/** Types whose answer can drive a chain rule. */
export const CHAINABLE_ACTION_TYPES: readonly ActionType[] = ['YES_NO', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE'];
/** The answers of a yes/no action, as chain rules and answers store them. */
export const YES_NO_ANSWERS = ['YES', 'NO'] as const;

/** How a chain rule shows its target action when its condition holds. */
export const ACTION_VISIBILITIES = ['DISPLAY', 'DIM', 'HIDDEN'] as const;
export type ActionVisibility = (typeof ACTION_VISIBILITIES)[number];

/** Who receives new tickets without an assignee. */
export const ASSIGNMENT_TARGETS = ['NONE', 'MEMBER', 'SITE', 'PROJECT'] as const;
export type AssignmentTarget = (typeof ASSIGNMENT_TARGETS)[number];

/** Where a ticket came from: a flagged answer, or a person who raised it. */
export const TICKET_SOURCES = ['ANSWER', 'PERSON'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/**
 * How a routing rule picks a new ticket's assignee: one member; the supervisors of a site in
 * turn; or whoever of a group (a site's or project's supervisors, or named members) has the
 * fewest open tickets.
 */
export const ROUTING_STRATEGIES = ['MEMBER', 'ROUND_ROBIN', 'FEWEST_OPEN'] as const;
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number];

/** The SLA thresholds a ticket is escalated at, each once. */
export const SLA_ESCALATIONS = ['FIRST_RESPONSE_WARNING', 'FIRST_RESPONSE_BREACH', 'RESOLUTION_WARNING', 'RESOLUTION_BREACH'] as const;
export type SlaEscalation = (typeof SLA_ESCALATIONS)[number];

export const TICKET_HISTORY_FIELDS = ['CREATED', 'STATUS', 'ASSIGNEE', 'PRIORITY', 'CATEGORY'] as const;
export type TicketHistoryField = (typeof TICKET_HISTORY_FIELDS)[number];

// Enumerations of the product (spec §4, DESIGN §4 and §6).
export const BUSINESS_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

export const SITE_AUTHORITIES = ['SUPERVISOR', 'MEMBER'] as const;
export type SiteAuthority = (typeof SITE_AUTHORITIES)[number];

export const MEMBER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const LOOKUP_KINDS = ['PROJECT_TYPE', 'TEAM_TYPE'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const TICKET_STATUSES = ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['NO_PRIORITY', 'LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const SCHEDULE_TYPES = ['ONCE', 'DAILY', 'WEEKLY', 'CUSTOM'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_STATUSES = ['pending', 'inProgress', 'done', 'missed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const EXECUTION_STATUSES = [
  'COMPLETED', 'RUNNING', 'ACTIVE', 'UPCOMING', 'PAUSED', 'CANCELED', 'INACTIVE',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const DEADLINE_UNITS = ['MINUTES', 'HOURS', 'DAYS', 'MONTHS'] as const;
export type DeadlineUnit = (typeof DEADLINE_UNITS)[number];

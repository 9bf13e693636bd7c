// The business feature's query keys: the tags (shared with the tag pickers and the task pages,
// which show tag names), the actions of a tag, the ticket assignment settings, the industries
// and the business calendar.
import { sharedKeys } from '../../../lib/query-keys.ts';

export const businessKeys = {
  tags: sharedKeys.tags,
  tagList: sharedKeys.tagList,
  tagActions: (tagId: number | null, page: number) => [...sharedKeys.tags, 'actions', tagId, { page }] as const,
  /** Task lists and pages show tag names. */
  tasks: sharedKeys.tasks,
  assignmentConfig: ['assignment-config'] as const,
  industries: sharedKeys.industries,
  /** The business calendar: working hours, and the holidays of each year. */
  calendar: ['business-calendar'] as const,
  workingHours: ['business-calendar', 'working-hours'] as const,
  holidays: ['business-calendar', 'holidays'] as const,
  holidaysOf: (year: number) => ['business-calendar', 'holidays', year] as const,
  slaRules: ['sla-policies'] as const,
  /** The ordered routing rules; the assignment configuration is their first. */
  routingRules: ['ticket-routing-rules'] as const,
  /** Who must sign in with two factors, and how long the audit log keeps. */
  security: ['business-security'] as const,
};

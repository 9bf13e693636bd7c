// The plain English line of a history entry, for logs and exports; the app words history from
// the entry's fields in the reader's language.
import type { TicketHistoryField } from '@fieldops/shared/enums';

export interface SummaryInput {
  field: TicketHistoryField;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
  /** Names of the people and categories the values point at, when they still exist. */
  agentName: string | null;
  oldAgentName: string | null;
  oldCategoryName: string | null;
  newCategoryName: string | null;
}

/** A value that pointed at something since removed is still named as having been there. */
const named = (name: string | null, value: string | null, gone: string, none: string) => name ?? (value ? gone : none);

export function historySummary(e: SummaryInput): string {
  switch (e.field) {
    case 'CREATED':
      return e.agentName ? `Ticket created and assigned to ${e.agentName}` : 'Ticket created';
    case 'STATUS':
      return `Status changed from ${e.oldValue} to ${e.newValue}${e.reason ? `: ${e.reason}` : ''}`;
    case 'PRIORITY':
      return `Priority changed from ${e.oldValue} to ${e.newValue}`;
    case 'CATEGORY': {
      const from = named(e.oldCategoryName, e.oldValue, 'a deleted category', 'no category');
      const to = named(e.newCategoryName, e.newValue, 'a deleted category', 'no category');
      return `Category changed from ${from} to ${to}`;
    }
    case 'ASSIGNEE': {
      const from = named(e.oldAgentName, e.oldValue, 'a removed user', '');
      const to = named(e.agentName, e.newValue, 'a removed user', '');
      if (from && to) return `Assignee changed from ${from} to ${to}`;
      return to ? `Assigned to ${to}` : `Unassigned from ${from}`;
    }
  }
}

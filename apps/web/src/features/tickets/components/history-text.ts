// Words a history entry in the reader's language from its fields (the server's summary is
// English only): who did what, from which value to which, and why.
import type { TFunction } from 'i18next';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@fieldops/shared/enums';
import type { TicketHistoryEntry } from '@fieldops/shared/helpdesk';

export interface HistoryNames {
  /** The name of a user by id, when known. */
  user: (id: number) => string | undefined;
  /** The name of a category by id in the reader's language, when it still exists. */
  category: (id: number) => string | undefined;
}

const idOf = (value: string | null): number | null => {
  const id = Number.parseInt(value ?? '', 10);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function historyText(entry: TicketHistoryEntry, t: TFunction, names: HistoryNames): string {
  const actor = entry.actor ? entry.actor.fullName || entry.actor.username : t('tickets.history.someone');

  const person = (id: number | null) => (id === null ? null : (names.user(id) ?? t('tickets.history.removedUser')));
  const category = (value: string | null) => {
    const id = idOf(value);
    if (id === null) return value ? value : t('tickets.history.noCategory');
    return names.category(id) ?? t('tickets.history.deletedCategory');
  };
  const status = (value: string | null) => (TICKET_STATUSES.find((s) => s === value) ? t(`tickets.status.${value}`) : (value ?? t('tickets.history.nothing')));
  const priority = (value: string | null) =>
    TICKET_PRIORITIES.find((p) => p === value) ? t(`tickets.priority.${value}`) : (value ?? t('tickets.history.nothing'));

  switch (entry.field) {
    case 'CREATED': {
      const agent = person(entry.agentId ?? idOf(entry.newValue));
      return agent ? t('tickets.history.createdAssigned', { actor, agent }) : t('tickets.history.created', { actor });
    }
    case 'STATUS': {
      const text = t('tickets.history.status', { actor, from: status(entry.oldValue), to: status(entry.newValue) });
      return entry.reason ? t('tickets.history.withReason', { text, reason: entry.reason }) : text;
    }
    case 'PRIORITY':
      return t('tickets.history.priority', { actor, from: priority(entry.oldValue), to: priority(entry.newValue) });
    case 'CATEGORY':
      return t('tickets.history.category', { actor, from: category(entry.oldValue), to: category(entry.newValue) });
    case 'ASSIGNEE': {
      const to = person(entry.agentId ?? idOf(entry.newValue));
      const from = person(entry.oldAgentId ?? idOf(entry.oldValue));
      if (to && from) return t('tickets.history.reassigned', { actor, to, from });
      if (to) return t('tickets.history.assigned', { actor, to });
      return t('tickets.history.unassigned', { actor, from: from ?? t('tickets.history.nothing') });
    }
  }
}

/** The ids of the people the entries mention, to read their names in one call. */
export function mentionedUserIds(entries: readonly TicketHistoryEntry[]): number[] {
  const ids = new Set<number>();
  for (const entry of entries) {
    if (entry.field !== 'ASSIGNEE' && entry.field !== 'CREATED') continue;
    for (const id of [entry.agentId, entry.oldAgentId, idOf(entry.newValue), idOf(entry.oldValue)]) {
      if (id !== null) ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

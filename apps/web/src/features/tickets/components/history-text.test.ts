import { describe, expect, it } from 'vitest';
import type { TicketHistoryEntry } from '@fieldops/shared/helpdesk';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { historyText, mentionedUserIds, type HistoryNames } from './history-text.ts';

const sara = { id: 3, username: 'sara', fullName: 'Sara Ali', avatar: null };

const entry = (overrides: Partial<TicketHistoryEntry>): TicketHistoryEntry => ({
  id: 1,
  ticketId: 10,
  field: 'STATUS',
  oldValue: null,
  newValue: null,
  agentId: null,
  oldAgentId: null,
  reason: null,
  actorId: sara.id,
  actor: sara,
  summary: '',
  createdDate: '2025-01-10T08:00:00.000Z',
  ...overrides,
});

const people: Record<number, string> = { 9: 'Omar Haddad', 11: 'Lina Mansour' };
const names: HistoryNames = {
  user: (id) => people[id],
  category: (id) => (id === 2 ? 'Bug' : undefined),
};

describe('historyText', () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');

  it('words a status change with its reason, in both languages', () => {
    const change = entry({ oldValue: 'NEW', newValue: 'IN_PROGRESS', reason: 'waiting for parts' });
    expect(historyText(change, en, names)).toBe('Sara Ali changed the status from New to In progress — reason: waiting for parts');
    expect(historyText(change, ar, names)).toBe('غيّر Sara Ali الحالة من جديدة إلى قيد التنفيذ — السبب: waiting for parts');
  });

  it('names the new and the former assignee', () => {
    const change = entry({ field: 'ASSIGNEE', oldValue: '11', newValue: '9', oldAgentId: 11, agentId: 9 });
    expect(historyText(change, en, names)).toBe('Sara Ali assigned the ticket to Omar Haddad (was Lina Mansour)');
    expect(historyText(entry({ field: 'ASSIGNEE', newValue: '9', agentId: 9 }), en, names)).toBe('Sara Ali assigned the ticket to Omar Haddad');
    expect(historyText(entry({ field: 'ASSIGNEE', oldValue: '11', oldAgentId: 11 }), en, names)).toBe('Sara Ali removed the assignee (Lina Mansour)');
    // A person since removed from the business.
    expect(historyText(entry({ field: 'ASSIGNEE', newValue: '77', agentId: null }), en, names)).toBe('Sara Ali assigned the ticket to a removed user');
  });

  it('words priority, category and creation', () => {
    expect(historyText(entry({ field: 'PRIORITY', oldValue: 'LOW', newValue: 'URGENT' }), en, names)).toBe('Sara Ali changed the priority from Low to Urgent');
    expect(historyText(entry({ field: 'CATEGORY', oldValue: null, newValue: '2' }), en, names)).toBe('Sara Ali changed the category from no category to Bug');
    expect(historyText(entry({ field: 'CATEGORY', oldValue: '8', newValue: '2' }), en, names)).toBe(
      'Sara Ali changed the category from a deleted category to Bug',
    );
    expect(historyText(entry({ field: 'CREATED', newValue: 'NEW' }), en, names)).toBe('Sara Ali created the ticket');
    expect(historyText(entry({ field: 'CREATED', newValue: 'NEW', agentId: 9 }), en, names)).toBe('Sara Ali created the ticket, assigned to Omar Haddad');
    expect(historyText(entry({ field: 'CREATED', actor: null, actorId: null }), en, names)).toBe('Someone created the ticket');
  });

  it('collects the people to look up, once each', () => {
    const entries = [
      entry({ field: 'ASSIGNEE', oldAgentId: 11, agentId: 9, oldValue: '11', newValue: '9' }),
      entry({ field: 'CREATED', agentId: 9, newValue: 'NEW' }),
      entry({ field: 'PRIORITY', oldValue: 'LOW', newValue: 'HIGH' }),
    ];
    expect(mentionedUserIds(entries)).toEqual([9, 11]);
  });
});

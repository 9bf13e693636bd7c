// An answer as the outbox keeps it, for tests: the fake session's member (7) of business 2,
// a yes/no answer to action 11 of schedule 40, captured and waiting.
import { newOutboxKey, type OutboxEntry } from '../lib/offline/outbox-entry.ts';

export function makeOutboxEntry(extra: Partial<OutboxEntry> = {}): Omit<OutboxEntry, 'seq'> {
  return {
    key: newOutboxKey(),
    userId: 7,
    businessId: 2,
    scheduleId: 40,
    actionId: 11,
    actionType: 'YES_NO',
    taskNameEn: 'Lobby inspection',
    taskNameAr: null,
    actionNameEn: 'Is anything damaged?',
    actionNameAr: null,
    value: 'YES',
    notes: '',
    important: false,
    position: { latitude: 24.7, longitude: 46.7, accuracy: 9 },
    capturedAt: '2026-11-26T09:00:00.000Z',
    photo: null,
    voice: null,
    status: 'waiting',
    attempts: 0,
    error: null,
    refusesSchedule: false,
    outcome: null,
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...extra,
  };
}

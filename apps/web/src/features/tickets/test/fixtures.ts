// Tickets as the helpdesk API answers them, for the component tests.
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';

export function aTicket(id: number, status: TicketStatus, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    title: `Ticket ${id}`,
    description: `Description of ticket ${id}`,
    categoryId: 1,
    category: { id: 1, nameEn: 'Support', nameAr: 'دعم' },
    priority: 'MEDIUM',
    status,
    projectId: null,
    project: null,
    teamId: 5,
    team: { id: 5, name: 'North Gate' },
    agentId: 9,
    agent: { id: 9, username: 'omar', fullName: 'Omar Haddad', avatar: null },
    creatorId: 7,
    creator: { id: 7, username: 'demo', fullName: 'Demo Owner', avatar: null },
    reason: null,
    createdDate: '2025-01-10T08:00:00.000Z',
    updatedDate: '2025-01-10T08:00:00.000Z',
    firstResponseDueAt: null,
    firstRespondedAt: null,
    resolutionDueAt: null,
    attachmentsCount: 2,
    commentsCount: 3,
    ...overrides,
  };
}

/** A promise with its resolve function, to hold a response until the test lets it go. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

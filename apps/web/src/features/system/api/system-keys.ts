// The query keys of what administrators read of the app's own work: the e-mail outbox (its pages
// and each message's body) and the jobs that failed.
const outbox = ['mail-outbox'] as const;

export const systemKeys = {
  outbox,
  outboxPage: (page: number, size: number) => [...outbox, 'page', { page, size }] as const,
  outboxMessage: (id: number) => [...outbox, 'message', id] as const,
  failedJobs: ['failed-jobs'] as const,
};

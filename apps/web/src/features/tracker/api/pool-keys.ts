// Query keys of pooled schedules and cover requests: under the schedules' root, so whatever
// refreshes the schedules (a run of answers, a take, a cover) refreshes these too.
import { trackerKeys } from './tracker-keys.ts';

export const poolKeys = {
  open: [...trackerKeys.schedules, 'pool'] as const,
  cover: (status: 'OPEN' | 'ALL') => [...trackerKeys.schedules, 'cover', status] as const,
  history: (scheduleId: number) => [...trackerKeys.schedules, 'cover-history', scheduleId] as const,
};

// The answer drawer's query keys, under the answers' root, so an unflag or a fired ticket
// refreshes the drawer too.
import { sharedKeys } from '../../../lib/query-keys.ts';

export const answerViewKeys = {
  answer: (answerId: number) => [...sharedKeys.answers, 'detail', answerId] as const,
  history: (userId: number, actionId: number, page: number) => [...sharedKeys.answers, 'history', { userId, actionId, page }] as const,
};

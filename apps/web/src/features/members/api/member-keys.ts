// The members feature's query keys: the members list, a member's activation key and sign-in lock,
// and the execution plans a member has (under the plans' root, which a transfer refreshes).
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { MembersFilter } from './get-members.ts';

export const memberKeys = {
  all: sharedKeys.members,
  list: (page: number, size: number, filter: MembersFilter) => [...sharedKeys.members, 'list', { page, size, ...filter }] as const,
  activationKey: (userId: number) => [...sharedKeys.members, 'activation-key', userId] as const,
  signInLock: (userId: number) => [...sharedKeys.members, 'sign-in-lock', userId] as const,
  plans: sharedKeys.plans,
  transferablePlans: (teamId: number, userId: number) => [...sharedKeys.plans, 'team', teamId, 'user', userId] as const,
  /** Under the plans' root: a transfer, which moves plans, refreshes it too. */
  tasks: (userId: number) => [...sharedKeys.plans, 'user', userId, 'by-project'] as const,
};

// The sign-up screens' query keys: the industries (shared with the business page) and who an
// activation key belongs to.
import { sharedKeys } from '../../../lib/query-keys.ts';

export const authKeys = {
  industries: sharedKeys.industries,
  activationDetail: (key: string) => ['activation-detail', key] as const,
};

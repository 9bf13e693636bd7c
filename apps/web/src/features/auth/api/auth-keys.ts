// The sign-up screens' query keys: the industries (shared with the business page), who an
// activation key belongs to, and the provider a single sign-on name names.
import { sharedKeys } from '../../../lib/query-keys.ts';

export const authKeys = {
  industries: sharedKeys.industries,
  activationDetail: (key: string) => ['activation-detail', key] as const,
  ssoProvider: (slug: string) => ['sso-provider', slug] as const,
};

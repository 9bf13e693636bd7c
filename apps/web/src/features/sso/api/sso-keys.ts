// The single sign-on settings' query key: the business's provider.
const all = ['sso'] as const;

export const ssoKeys = {
  all,
  provider: () => [...all, 'provider'] as const,
};

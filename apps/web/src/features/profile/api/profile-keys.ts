// The Profile page's own query keys (the account and session keys live in lib/session).
export const profileKeys = {
  notificationSettings: ['account', 'notification-settings'] as const,
  twoFactor: ['account', 'two-factor'] as const,
};

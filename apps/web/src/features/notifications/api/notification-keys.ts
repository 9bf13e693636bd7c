// The bell's query keys: the unread count (which the event stream keeps current), and the lists
// under one root, so a change of the count refreshes every list at once.
const all = ['notifications'] as const;
const lists = [...all, 'list'] as const;

export const notificationKeys = {
  all,
  lists,
  /** The newest few, as the bell's popover shows them. */
  latest: (size: number) => [...lists, 'latest', size] as const,
  /** The pages of the Notifications page, all or only the unread ones. */
  pages: (unreadOnly: boolean) => [...lists, 'pages', { unreadOnly }] as const,
  unreadCount: [...all, 'unread-count'] as const,
};

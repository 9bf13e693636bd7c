// The query keys more than one feature reads or changes, and the roots every key of those areas
// starts with: invalidating a root refreshes every view of that area. Each feature builds its own
// keys on these in its api/<area>-keys.ts, so features agree on the cache without importing each
// other.
const siteMembers = (teamId: number) => ['sites', teamId, 'members'] as const;

export const sharedKeys = {
  projects: ['projects'] as const,
  sites: ['sites'] as const,
  /** One site's members: the whole list, and every page of it below. */
  siteMembers,
  siteMembersPage: (teamId: number, page: number, size: number) => [...siteMembers(teamId), { page, size }] as const,
  members: ['members'] as const,
  tags: ['tags'] as const,
  /** The business's tags, as every tag picker and the tags tab read them. */
  tagList: ['tags', 'list'] as const,
  tasks: ['tasks'] as const,
  taskLists: ['tasks', 'list'] as const,
  /** Answers (action results): lists, details and histories. */
  answers: ['action-results'] as const,
  /** Execution plans, of a task or of a member. */
  plans: ['execution-plans'] as const,
  invitations: ['invitations'] as const,
  industries: ['industries'] as const,
};

// The app's addresses in one typed map: the route table (app/routes.tsx) is built from it, and
// every link and navigation names a path from here rather than typing it out. A detail builder
// called without an id gives its route's pattern (`/tasks/:taskId`), which is what the route
// table needs; the query variants are the ones pages read back (`?tab=`, `?new=1`, filters).

import type { ImportKind } from '@fieldops/shared/imports';

type Id = number | string;
type QueryValue = string | number | null | undefined;

/** The tabs of a task's page (`?tab=`). */
export type TaskTab = 'actions' | 'preview' | 'plans' | 'answers' | 'settings' | 'performance';
/** The tabs of a member's page (`?tab=`). */
export type MemberTab = 'profile' | 'sites' | 'tasks' | 'performance' | 'transfer';

/** `?a=1&b=2` in the order given, leaving out empty values; '' when none is left. */
function queryString(params: Record<string, QueryValue>): string {
  const parts = Object.entries(params).flatMap(([key, value]) =>
    value === undefined || value === null || value === '' ? [] : [`${key}=${encodeURIComponent(String(value))}`],
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

const HOME = '/';
const LOGIN = '/login';

export const paths = {
  home: HOME,
  login: LOGIN,
  /** Sign-in with the user name filled in, as activating an account ends. */
  loginAs: (username: string) => `${LOGIN}${queryString({ username })}`,
  /**
   * Sign-in that brings the person back to `from` afterwards: not to the dashboard, where signing
   * in lands anyway, nor to sign-in itself.
   */
  loginReturningTo: (from?: string) => (from && from !== HOME && !from.startsWith(LOGIN) ? `${LOGIN}${queryString({ redirect: from })}` : LOGIN),
  /** Single sign-on: the page where a person types their organisation's sign-in name. */
  ssoSignIn: `${LOGIN}/sso`,
  /** The same, bringing the person back to `redirect` once signed in. */
  ssoSignInReturningTo: (redirect: string | null) => `${LOGIN}/sso${queryString({ redirect })}`,
  /** Single sign-on through the organisation named `slug` ("Sign in with <label>"); the address administrators share. */
  ssoProvider: (slug: string = ':slug') => `${LOGIN}/sso/${slug === ':slug' ? slug : encodeURIComponent(slug)}`,
  /** Where a sign-in through a provider lands, with its outcome in the fragment. */
  ssoDone: `${LOGIN}/sso/done`,
  onboarding: '/onboarding',
  /** Onboarding started at its business step (a signed-in person without a business). */
  onboardingBusiness: `/onboarding${queryString({ step: 'business' })}`,
  activate: '/activate',
  /** Asking for a link to choose a new password (public). */
  forgotPassword: '/forgot-password',
  /** Where a password-reset e-mail's link lands, with its `?token=` (public). */
  resetPassword: '/reset-password',
  projects: '/projects',
  /** The project list with its create dialog open. */
  newProject: `/projects${queryString({ new: 1 })}`,
  project: (projectId: Id = ':projectId') => `/projects/${projectId}`,
  sites: '/sites',
  /** The site list with its create dialog open, in `projectId`'s project when one is given. */
  newSite: (projectId?: number) => `/sites${queryString({ new: 1, project: projectId })}`,
  site: (siteId: Id = ':siteId') => `/sites/${siteId}`,
  /** Every site of the business on one map, coloured by completion in `range` (a date preset). */
  sitesMap: '/sites/map',
  members: '/members',
  /** Bulk imports of members or sites (owners and admins): the first step, for `kind` when given. */
  imports: '/imports',
  newImport: (kind: ImportKind) => `/imports${queryString({ kind })}`,
  /** One import, at whichever step it has reached (preview, progress, done). */
  importRun: (importId: Id = ':importId') => `/imports/${importId}`,
  /** A member's page, at `tab`; `from` is the site a transfer starts from. */
  member: (memberId: Id = ':memberId', view: { tab?: MemberTab; from?: number } = {}) =>
    `/members/${memberId}${queryString({ tab: view.tab, from: view.from })}`,
  tasks: '/tasks',
  newTask: '/tasks/new',
  taskTemplates: '/tasks/templates',
  /** A task's page, at `tab`; `plan` is the plan that tab opens on. */
  task: (taskId: Id = ':taskId', view: { tab?: TaskTab; plan?: number } = {}) => `/tasks/${taskId}${queryString({ tab: view.tab, plan: view.plan })}`,
  tracker: '/tracker',
  /** The tracker as a list left it: `search` is that list's own `?…` (tab, period, page). */
  trackerAt: (search = '') => `/tracker${search}`,
  schedule: (scheduleId: Id = ':scheduleId') => `/tracker/${scheduleId}`,
  /** One schedule's inspection report: its answers, score and result, to download, e-mail or share. */
  scheduleReport: (scheduleId: Id = ':scheduleId') => `/schedules/${scheduleId}/report`,
  /** An inspection report opened through a shared link (public: no sign-in). */
  sharedInspection: (token?: string) => `/shared/inspections/${token === undefined ? ':token' : encodeURIComponent(token)}`,
  reports: '/reports',
  /** Answer photos to review: a sample and the near duplicates (owners, admins, supervisors). */
  photoReviews: '/reports/photos',
  business: '/business',
  settings: '/settings',
  /** The e-mails the app sent or keeps (owners and admins), in the settings area. */
  mailOutbox: '/settings/outbox',
  /** Background jobs that used up their tries (owners and admins), in the settings area. */
  failedJobs: '/settings/jobs',
  /** The business's single sign-on provider (owners and admins), in the settings area. */
  ssoSettings: '/settings/sso',
  /** Shared-device kiosks of the sites (owners and admins), in the settings area. */
  kiosks: '/settings/kiosks',
  /** The business's webhooks and their delivery log (owners and admins), in the settings area. */
  webhooks: '/settings/webhooks',
  /** The business's API tokens for scripts and integrations (owners and admins), in the settings area. */
  apiTokens: '/settings/api-tokens',
  /** The business's audit log (owners and admins): who changed what, when and from where. */
  auditLog: '/audit-log',
  /** The kiosk app a shared tablet runs: the name list of its site. */
  kiosk: '/kiosk',
  /** Where a tablet is enrolled, with its one-time `?code=` when the link carries it. */
  kioskEnrol: (code?: string) => `/kiosk/enrol${queryString({ code })}`,
  /** The signed-in member's schedules on the kiosk. */
  kioskTracker: '/kiosk/tracker',
  kioskSchedule: (scheduleId: Id = ':scheduleId') => `/kiosk/tracker/${scheduleId}`,
  profile: '/profile',
  invitations: '/invitations',
  /** Everything the bell has said; `?filter=unread` shows only what is not read yet. */
  notifications: '/notifications',
  /** An invitation's link, as the inviting business hands it over: its key opens it. */
  invitationWithKey: (key: string) => `/invitations${queryString({ key })}`,
  tickets: '/tickets',
  ticket: (ticketId: Id = ':ticketId') => `/tickets/${ticketId}`,
} as const;

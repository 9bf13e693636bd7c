// The route table (DESIGN §9), built from the typed path map in lib/paths.ts. The signed-in shell
// and every page are chunks of their own; `preloadRoutes` starts fetching every chunk an address
// needs at once, so the shell and the page arrive together. Sign-in, the door to everything,
// comes with the app.
import { Suspense } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { SplashScreen } from '../components/splash-screen.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { lazyPage, withAppTexts, type LazyPage } from '../lib/lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { isAuthenticated } from '../lib/storage.ts';
import { PublicOnly, RequireAuth } from './guards.tsx';

const OnboardingPage = lazyPage(
  withAppTexts(() => import('../features/auth/onboarding-page.tsx')),
  'OnboardingPage',
);
const ActivatePage = lazyPage(
  withAppTexts(() => import('../features/auth/activate-page.tsx')),
  'ActivatePage',
);
// Sign-in's texts are theirs: they arrive without the rest of the app's.
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage');
const SsoSignInPage = lazyPage(() => import('../features/auth/sso-sign-in-page.tsx'), 'SsoSignInPage');
const SsoDonePage = lazyPage(() => import('../features/auth/sso-done-page.tsx'), 'SsoDonePage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const ProjectsPage = lazyPage(
  withAppTexts(() => import('../features/projects/projects-page.tsx'), 'projects'),
  'ProjectsPage',
);
const ProjectDetailPage = lazyPage(
  withAppTexts(() => import('../features/projects/project-detail-page.tsx'), 'projects'),
  'ProjectDetailPage',
);
const SitesPage = lazyPage(
  withAppTexts(() => import('../features/sites/sites-page.tsx'), 'sites'),
  'SitesPage',
);
const SitesMapPage = lazyPage(
  withAppTexts(() => import('../features/sites/sites-map-page.tsx'), 'sites'),
  'SitesMapPage',
);
const SiteDetailPage = lazyPage(
  withAppTexts(() => import('../features/sites/site-detail-page.tsx'), 'sites'),
  'SiteDetailPage',
);
const MembersPage = lazyPage(
  withAppTexts(() => import('../features/members/members-page.tsx'), 'members'),
  'MembersPage',
);
const MemberDetailPage = lazyPage(
  withAppTexts(() => import('../features/members/member-detail-page.tsx'), 'members'),
  'MemberDetailPage',
);
const ImportsPage = lazyPage(
  withAppTexts(() => import('../features/imports/imports-page.tsx'), 'imports'),
  'ImportsPage',
);
const TasksPage = lazyPage(
  withAppTexts(() => import('../features/tasks/tasks-page.tsx'), 'tasks'),
  'TasksPage',
);
const NewTaskPage = lazyPage(
  withAppTexts(() => import('../features/tasks/new-task-page.tsx'), 'tasks'),
  'NewTaskPage',
);
const TaskTemplatesPage = lazyPage(
  withAppTexts(() => import('../features/tasks/task-templates-page.tsx'), 'tasks'),
  'TaskTemplatesPage',
);
const TaskDetailPage = lazyPage(
  withAppTexts(() => import('../features/tasks/task-detail-page.tsx'), 'tasks'),
  'TaskDetailPage',
);
const TrackerPage = lazyPage(
  withAppTexts(() => import('../features/tracker/tracker-page.tsx'), 'tracker'),
  'TrackerPage',
);
const SchedulePage = lazyPage(
  withAppTexts(() => import('../features/tracker/schedule-page.tsx'), 'tracker'),
  'SchedulePage',
);
const InspectionReportPage = lazyPage(
  withAppTexts(() => import('../features/inspections/inspection-report-page.tsx'), 'inspections'),
  'InspectionReportPage',
);
// A shared report is read without signing in, in the app's texts.
const SharedInspectionPage = lazyPage(
  withAppTexts(() => import('../features/inspections/shared-inspection-page.tsx'), 'inspections'),
  'SharedInspectionPage',
);
const ReportsPage = lazyPage(
  withAppTexts(() => import('../features/reports/reports-page.tsx'), 'reports'),
  'ReportsPage',
);
const PhotoReviewsPage = lazyPage(
  withAppTexts(() => import('../features/photo-reviews/photo-reviews-page.tsx'), 'photo-reviews'),
  'PhotoReviewsPage',
);
const BusinessPage = lazyPage(() => import('../features/business/business-page.tsx'), 'BusinessPage');
const SettingsPage = lazyPage(() => import('../features/settings/settings-page.tsx'), 'SettingsPage');
const ProfilePage = lazyPage(
  withAppTexts(() => import('../features/profile/profile-page.tsx'), 'profile'),
  'ProfilePage',
);
const TicketsPage = lazyPage(
  withAppTexts(() => import('../features/tickets/tickets-page.tsx'), 'tickets'),
  'TicketsPage',
);
const TicketDetailPage = lazyPage(
  withAppTexts(() => import('../features/tickets/ticket-detail-page.tsx'), 'tickets'),
  'TicketDetailPage',
);
const InvitationsPage = lazyPage(() => import('../features/invitations/invitations-page.tsx'), 'InvitationsPage');
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage');
const MailOutboxPage = lazyPage(
  withAppTexts(() => import('../features/system/mail-outbox-page.tsx'), 'system'),
  'MailOutboxPage',
);
const KiosksPage = lazyPage(() => import('../features/kiosks/kiosks-page.tsx'), 'KiosksPage');
const AuditLogPage = lazyPage(() => import('../features/audit-log/audit-log-page.tsx'), 'AuditLogPage');
const WebhooksPage = lazyPage(() => import('../features/webhooks/webhooks-page.tsx'), 'WebhooksPage');
const ApiTokensPage = lazyPage(() => import('../features/api-tokens/api-tokens-page.tsx'), 'ApiTokensPage');
const SsoSettingsPage = lazyPage(() => import('../features/sso/sso-settings-page.tsx'), 'SsoSettingsPage');
const FailedJobsPage = lazyPage(
  withAppTexts(() => import('../features/system/failed-jobs-page.tsx'), 'system'),
  'FailedJobsPage',
);

function PublicLayout() {
  return (
    <Suspense fallback={<SplashScreen />}>
      <Outlet />
    </Suspense>
  );
}

// The shared-device kiosk: its own frame, no sidebar, not signed in as a person.
const KioskRoot = lazyPage(
  withAppTexts(() => import('../features/kiosk/kiosk-root.tsx')),
  'KioskRoot',
);
const KioskEnrolPage = lazyPage(() => import('../features/kiosk/kiosk-enrol-page.tsx'), 'KioskEnrolPage');
const KioskNamesPage = lazyPage(() => import('../features/kiosk/kiosk-names-page.tsx'), 'KioskNamesPage');
const KioskMemberLayout = lazyPage(() => import('../features/kiosk/kiosk-member-layout.tsx'), 'KioskMemberLayout');
const KioskTrackerPage = lazyPage(
  withAppTexts(() => import('./kiosk-pages.tsx'), 'tracker'),
  'KioskTrackerPage',
);
const KioskSchedulePage = lazyPage(
  withAppTexts(() => import('./kiosk-pages.tsx'), 'tracker'),
  'KioskSchedulePage',
);

const DataLayout = lazyPage(() => import('./data-layout.tsx'), 'DataLayout');
const SignedInLayout = lazyPage(
  withAppTexts(() => import('./signed-in-layout.tsx')),
  'SignedInLayout',
);

interface PageHandle {
  page: LazyPage;
  /** Only for a signed-in visitor: anyone else is sent to sign in first. */
  signedIn: boolean;
}

/** A route showing a page that arrives in its own chunk. */
const pageRoute = (page: LazyPage, route: RouteObject, signedIn = true): RouteObject => ({
  ...route,
  element: <page.Component />,
  handle: { page, signedIn } satisfies PageHandle,
});

export const routes: RouteObject[] = [
  {
    // Shown while the first route's chunks arrive.
    element: (
      <Suspense fallback={<SplashScreen />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.login,
            element: (
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            ),
          },
        ],
      },
      pageRoute(
        DataLayout,
        {
          children: [
            pageRoute(OnboardingPage, { path: paths.onboarding }, false),
            pageRoute(ActivatePage, { path: paths.activate }, false),
            pageRoute(ForgotPasswordPage, { path: paths.forgotPassword }, false),
            pageRoute(ResetPasswordPage, { path: paths.resetPassword }, false),
            pageRoute(SsoSignInPage, { path: paths.ssoSignIn }, false),
            pageRoute(SsoDonePage, { path: paths.ssoDone }, false),
            pageRoute(SsoSignInPage, { path: paths.ssoProvider() }, false),
            pageRoute(SharedInspectionPage, { path: paths.sharedInspection() }, false),
            pageRoute(
              KioskRoot,
              {
                path: paths.kiosk,
                children: [
                  pageRoute(KioskNamesPage, { index: true }, false),
                  pageRoute(KioskEnrolPage, { path: paths.kioskEnrol() }, false),
                  pageRoute(
                    KioskMemberLayout,
                    {
                      children: [
                        pageRoute(KioskTrackerPage, { path: paths.kioskTracker }, false),
                        pageRoute(KioskSchedulePage, { path: paths.kioskSchedule() }, false),
                      ],
                    },
                    false,
                  ),
                ],
              },
              false,
            ),
            {
              // The check is not in the shell's chunk: a visitor who is not signed in goes to sign in.
              path: paths.home,
              element: (
                <RequireAuth>
                  <Outlet />
                </RequireAuth>
              ),
              children: [
                pageRoute(SignedInLayout, {
                  children: [
                    pageRoute(DashboardPage, { index: true }),
                    pageRoute(ProjectsPage, { path: paths.projects }),
                    pageRoute(ProjectDetailPage, { path: paths.project() }),
                    pageRoute(SitesPage, { path: paths.sites }),
                    pageRoute(SitesMapPage, { path: paths.sitesMap }),
                    pageRoute(SiteDetailPage, { path: paths.site() }),
                    pageRoute(MembersPage, { path: paths.members }),
                    pageRoute(MemberDetailPage, { path: paths.member() }),
                    pageRoute(ImportsPage, { path: paths.imports }),
                    pageRoute(ImportsPage, { path: paths.importRun() }),
                    pageRoute(TasksPage, { path: paths.tasks }),
                    pageRoute(NewTaskPage, { path: paths.newTask }),
                    pageRoute(TaskTemplatesPage, { path: paths.taskTemplates }),
                    pageRoute(TaskDetailPage, { path: paths.task() }),
                    pageRoute(TrackerPage, { path: paths.tracker }),
                    pageRoute(SchedulePage, { path: paths.schedule() }),
                    pageRoute(InspectionReportPage, { path: paths.scheduleReport() }),
                    pageRoute(ReportsPage, { path: paths.reports }),
                    pageRoute(PhotoReviewsPage, { path: paths.photoReviews }),
                    pageRoute(BusinessPage, { path: paths.business }),
                    pageRoute(SettingsPage, { path: paths.settings }),
                    pageRoute(MailOutboxPage, { path: paths.mailOutbox }),
                    pageRoute(FailedJobsPage, { path: paths.failedJobs }),
                    pageRoute(KiosksPage, { path: paths.kiosks }),
                    pageRoute(AuditLogPage, { path: paths.auditLog }),
                    pageRoute(WebhooksPage, { path: paths.webhooks }),
                    pageRoute(ApiTokensPage, { path: paths.apiTokens }),
                    pageRoute(SsoSettingsPage, { path: paths.ssoSettings }),
                    pageRoute(ProfilePage, { path: paths.profile }),
                    pageRoute(InvitationsPage, { path: paths.invitations }),
                    pageRoute(NotificationsPage, { path: paths.notifications }),
                    pageRoute(TicketsPage, { path: paths.tickets }),
                    pageRoute(TicketDetailPage, { path: paths.ticket() }),
                    { path: '*', element: <NotFoundPage /> },
                  ],
                }),
              ],
            },
          ],
        },
        false,
      ),
    ],
  },
];

/**
 * Starts fetching the chunks of every page `pathname` shows (the layouts and the page) without
 * waiting for the first render. None for a signed-in page when the visitor is not signed in:
 * they are sent to sign in first. Tells whether the address is a signed-in page that will open.
 */
const pageHandles = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle ? [match.route.handle as PageHandle] : []));

/** Every chunk the pages at `pathname` need, loaded: a page the server drew waits for them. */
export async function loadRoutes(pathname: string): Promise<void> {
  await Promise.all(pageHandles(pathname).map((handle) => handle.page.preload()));
}

export function preloadRoutes(pathname: string): boolean {
  const handles = pageHandles(pathname);
  const signedInPage = handles.some((handle) => handle.signedIn);
  if (signedInPage && !isAuthenticated()) return false;
  for (const handle of handles) void handle.page.preload().catch(() => undefined);
  return signedInPage;
}

// The route table (DESIGN §9), built from the typed path map in lib/paths.ts. The signed-in shell
// and every page are chunks of their own, loaded together when a route first matches; sign-in,
// the door to everything, comes with the app.
import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { SplashScreen } from '../components/splash-screen.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { lazyRoute } from '../lib/lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { PublicOnly, RequireAuth } from './guards.tsx';

const OnboardingPage = lazyRoute(() => import('../features/auth/onboarding-page.tsx'), 'OnboardingPage');
const ActivatePage = lazyRoute(() => import('../features/auth/activate-page.tsx'), 'ActivatePage');
const DashboardPage = lazyRoute(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const ProjectsPage = lazyRoute(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');
const ProjectDetailPage = lazyRoute(() => import('../features/projects/project-detail-page.tsx'), 'ProjectDetailPage');
const SitesPage = lazyRoute(() => import('../features/sites/sites-page.tsx'), 'SitesPage');
const SiteDetailPage = lazyRoute(() => import('../features/sites/site-detail-page.tsx'), 'SiteDetailPage');
const MembersPage = lazyRoute(() => import('../features/members/members-page.tsx'), 'MembersPage');
const MemberDetailPage = lazyRoute(() => import('../features/members/member-detail-page.tsx'), 'MemberDetailPage');
const TasksPage = lazyRoute(() => import('../features/tasks/tasks-page.tsx'), 'TasksPage');
const NewTaskPage = lazyRoute(() => import('../features/tasks/new-task-page.tsx'), 'NewTaskPage');
const TaskTemplatesPage = lazyRoute(() => import('../features/tasks/task-templates-page.tsx'), 'TaskTemplatesPage');
const TaskDetailPage = lazyRoute(() => import('../features/tasks/task-detail-page.tsx'), 'TaskDetailPage');
const TrackerPage = lazyRoute(() => import('../features/tracker/tracker-page.tsx'), 'TrackerPage');
const SchedulePage = lazyRoute(() => import('../features/tracker/schedule-page.tsx'), 'SchedulePage');
const ReportsPage = lazyRoute(() => import('../features/reports/reports-page.tsx'), 'ReportsPage');
const BusinessPage = lazyRoute(() => import('../features/business/business-page.tsx'), 'BusinessPage');
const SettingsPage = lazyRoute(() => import('../features/settings/settings-page.tsx'), 'SettingsPage');
const ProfilePage = lazyRoute(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const TicketsPage = lazyRoute(() => import('../features/tickets/tickets-page.tsx'), 'TicketsPage');
const TicketDetailPage = lazyRoute(() => import('../features/tickets/ticket-detail-page.tsx'), 'TicketDetailPage');
const InvitationsPage = lazyRoute(() => import('../features/invitations/invitations-page.tsx'), 'InvitationsPage');

function PublicLayout() {
  return (
    <Suspense fallback={<SplashScreen />}>
      <Outlet />
    </Suspense>
  );
}

const SignedInLayout = lazyRoute(() => import('./signed-in-layout.tsx'), 'SignedInLayout');

/** Pages inside the shell keep the shell when they fail. */
const inShell = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteErrorPage inShell /> });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first route's chunks arrive.
    hydrateFallbackElement: <SplashScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <PublicOnly><LoginPage /></PublicOnly> },
          { path: paths.onboarding, lazy: OnboardingPage },
          { path: paths.activate, lazy: ActivatePage },
        ],
      },
      {
        // The check is not in the shell's chunk: a visitor who is not signed in goes to sign in.
        path: paths.home,
        element: <RequireAuth><Outlet /></RequireAuth>,
        children: [
          {
            lazy: SignedInLayout,
            children: [
              inShell({ index: true, lazy: DashboardPage }),
              inShell({ path: paths.projects, lazy: ProjectsPage }),
              inShell({ path: paths.project(), lazy: ProjectDetailPage }),
              inShell({ path: paths.sites, lazy: SitesPage }),
              inShell({ path: paths.site(), lazy: SiteDetailPage }),
              inShell({ path: paths.members, lazy: MembersPage }),
              inShell({ path: paths.member(), lazy: MemberDetailPage }),
              inShell({ path: paths.tasks, lazy: TasksPage }),
              inShell({ path: paths.newTask, lazy: NewTaskPage }),
              inShell({ path: paths.taskTemplates, lazy: TaskTemplatesPage }),
              inShell({ path: paths.task(), lazy: TaskDetailPage }),
              inShell({ path: paths.tracker, lazy: TrackerPage }),
              inShell({ path: paths.schedule(), lazy: SchedulePage }),
              inShell({ path: paths.reports, lazy: ReportsPage }),
              inShell({ path: paths.business, lazy: BusinessPage }),
              inShell({ path: paths.settings, lazy: SettingsPage }),
              inShell({ path: paths.profile, lazy: ProfilePage }),
              inShell({ path: paths.invitations, lazy: InvitationsPage }),
              inShell({ path: paths.tickets, lazy: TicketsPage }),
              inShell({ path: paths.ticket(), lazy: TicketDetailPage }),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

// The route table (DESIGN §9), built from the typed path map in lib/paths.ts. Every page is its
// own chunk, loaded when its route first renders.
import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { SplashScreen } from '../components/splash-screen.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { SessionGate } from './session-gate.tsx';
import { AppLayout } from './shell/app-layout.tsx';

const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const OnboardingPage = lazyPage(() => import('../features/auth/onboarding-page.tsx'), 'OnboardingPage');
const ActivatePage = lazyPage(() => import('../features/auth/activate-page.tsx'), 'ActivatePage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const ProjectsPage = lazyPage(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');
const ProjectDetailPage = lazyPage(() => import('../features/projects/project-detail-page.tsx'), 'ProjectDetailPage');
const SitesPage = lazyPage(() => import('../features/sites/sites-page.tsx'), 'SitesPage');
const SiteDetailPage = lazyPage(() => import('../features/sites/site-detail-page.tsx'), 'SiteDetailPage');
const MembersPage = lazyPage(() => import('../features/members/members-page.tsx'), 'MembersPage');
const MemberDetailPage = lazyPage(() => import('../features/members/member-detail-page.tsx'), 'MemberDetailPage');
const TasksPage = lazyPage(() => import('../features/tasks/tasks-page.tsx'), 'TasksPage');
const NewTaskPage = lazyPage(() => import('../features/tasks/new-task-page.tsx'), 'NewTaskPage');
const TaskTemplatesPage = lazyPage(() => import('../features/tasks/task-templates-page.tsx'), 'TaskTemplatesPage');
const TaskDetailPage = lazyPage(() => import('../features/tasks/task-detail-page.tsx'), 'TaskDetailPage');
const TrackerPage = lazyPage(() => import('../features/tracker/tracker-page.tsx'), 'TrackerPage');
const SchedulePage = lazyPage(() => import('../features/tracker/schedule-page.tsx'), 'SchedulePage');
const ReportsPage = lazyPage(() => import('../features/reports/reports-page.tsx'), 'ReportsPage');
const BusinessPage = lazyPage(() => import('../features/business/business-page.tsx'), 'BusinessPage');
const SettingsPage = lazyPage(() => import('../features/settings/settings-page.tsx'), 'SettingsPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const TicketsPage = lazyPage(() => import('../features/tickets/tickets-page.tsx'), 'TicketsPage');
const TicketDetailPage = lazyPage(() => import('../features/tickets/ticket-detail-page.tsx'), 'TicketDetailPage');
const InvitationsPage = lazyPage(() => import('../features/invitations/invitations-page.tsx'), 'InvitationsPage');

function PublicLayout() {
  return (
    <Suspense fallback={<SplashScreen />}>
      <Outlet />
    </Suspense>
  );
}

function SignedInLayout() {
  return (
    <RequireAuth>
      <SessionGate>
        <AppLayout />
      </SessionGate>
    </RequireAuth>
  );
}

/** Pages inside the shell keep the shell when they fail. */
const inShell = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteErrorPage inShell /> });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <PublicOnly><LoginPage /></PublicOnly> },
          { path: paths.onboarding, element: <OnboardingPage /> },
          { path: paths.activate, element: <ActivatePage /> },
        ],
      },
      {
        path: paths.home,
        element: <SignedInLayout />,
        children: [
          inShell({ index: true, element: <DashboardPage /> }),
          inShell({ path: paths.projects, element: <ProjectsPage /> }),
          inShell({ path: paths.project(), element: <ProjectDetailPage /> }),
          inShell({ path: paths.sites, element: <SitesPage /> }),
          inShell({ path: paths.site(), element: <SiteDetailPage /> }),
          inShell({ path: paths.members, element: <MembersPage /> }),
          inShell({ path: paths.member(), element: <MemberDetailPage /> }),
          inShell({ path: paths.tasks, element: <TasksPage /> }),
          inShell({ path: paths.newTask, element: <NewTaskPage /> }),
          inShell({ path: paths.taskTemplates, element: <TaskTemplatesPage /> }),
          inShell({ path: paths.task(), element: <TaskDetailPage /> }),
          inShell({ path: paths.tracker, element: <TrackerPage /> }),
          inShell({ path: paths.schedule(), element: <SchedulePage /> }),
          inShell({ path: paths.reports, element: <ReportsPage /> }),
          inShell({ path: paths.business, element: <BusinessPage /> }),
          inShell({ path: paths.settings, element: <SettingsPage /> }),
          inShell({ path: paths.profile, element: <ProfilePage /> }),
          inShell({ path: paths.invitations, element: <InvitationsPage /> }),
          inShell({ path: paths.tickets, element: <TicketsPage /> }),
          inShell({ path: paths.ticket(), element: <TicketDetailPage /> }),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

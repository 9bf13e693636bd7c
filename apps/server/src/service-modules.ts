// The modules each of the three service bases serves (main, workflow, helpdesk), in the order
// they are registered; app.ts registers those of the bases an instance serves under their prefix.
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceName } from './config.ts';
import { accountRoutes } from './modules/main/account/account.routes.ts';
import { sessionRoutes } from './modules/main/session/session.routes.ts';
import { activationRoutes } from './modules/main/activation/activation.routes.ts';
import { authRoutes } from './modules/main/auth/auth.routes.ts';
import { twoFactorRoutes } from './modules/main/two-factor/two-factor.routes.ts';
import { businessesRoutes } from './modules/main/businesses/businesses.routes.ts';
import { businessCalendarRoutes } from './modules/main/business-calendar/business-calendar.routes.ts';
import { healthRoutes } from './modules/platform/health/health.routes.ts';
import { pushRoutes } from './modules/platform/push/push.routes.ts';
import { invitationsRoutes } from './modules/main/invitations/invitations.routes.ts';
import { kiosksRoutes } from './modules/main/kiosks/kiosks.routes.ts';
import { ssoRoutes } from './modules/main/sso/sso.routes.ts';
import { apiTokensRoutes } from './modules/main/api-tokens/api-tokens.routes.ts';
import { importsRoutes } from './modules/main/imports/imports.routes.ts';
import { photoReviewsRoutes } from './modules/workflow/photo-reviews/photo-reviews.routes.ts';
import { membersRoutes } from './modules/main/members/members.routes.ts';
import { onboardingRoutes } from './modules/main/onboarding/onboarding.routes.ts';
import { projectsRoutes } from './modules/main/projects/projects.routes.ts';
import { actionsRoutes } from './modules/workflow/actions/actions.routes.ts';
import { sectionsRoutes } from './modules/workflow/actions/sections.routes.ts';
import { tagsRoutes } from './modules/workflow/tags/tags.routes.ts';
import { tasksRoutes } from './modules/workflow/tasks/tasks.routes.ts';
import { executionPlansRoutes } from './modules/workflow/execution-plans/execution-plans.routes.ts';
import { schedulesRoutes } from './modules/workflow/schedules/schedules.routes.ts';
import { poolRoutes } from './modules/workflow/pool/pool.routes.ts';
import { actionResultsRoutes } from './modules/workflow/action-results/action-results.routes.ts';
import { liveFeedRoutes } from './modules/workflow/live-feed/live-feed.routes.ts';
import { exportLinkFilesRoutes, exportLinksRoutes } from './modules/workflow/export-links/export-links.routes.ts';
import { inspectionReportsRoutes, sharedInspectionsRoutes } from './modules/workflow/inspection-reports/inspection-reports.routes.ts';
import { reportsRoutes } from './modules/workflow/reports/reports.routes.ts';
import { templatesRoutes } from './modules/workflow/templates/templates.routes.ts';
import { teamMembersRoutes } from './modules/main/teams/team-members.routes.ts';
import { teamsRoutes } from './modules/main/teams/teams.routes.ts';
import { transfersRoutes } from './modules/main/transfers/transfers.routes.ts';
import { ticketAssignmentRoutes } from './modules/helpdesk/ticket-assignment/ticket-assignment.routes.ts';
import { ticketCategoriesRoutes } from './modules/helpdesk/ticket-categories/ticket-categories.routes.ts';
import { slaPoliciesRoutes } from './modules/helpdesk/sla-policies/sla-policies.routes.ts';
import { ticketRoutingRoutes } from './modules/helpdesk/ticket-routing/ticket-routing.routes.ts';
import { slaReportRoutes } from './modules/helpdesk/sla-report/sla-report.routes.ts';
import { ticketAttachmentsRoutes } from './modules/helpdesk/tickets/ticket-attachments.routes.ts';
import { ticketCommentsRoutes } from './modules/helpdesk/tickets/ticket-comments.routes.ts';
import { ticketHistoryRoutes } from './modules/helpdesk/tickets/ticket-history.routes.ts';
import { ticketStatusRoutes } from './modules/helpdesk/tickets/ticket-status.routes.ts';
import { ticketsRoutes } from './modules/helpdesk/tickets/tickets.routes.ts';
import { usersRoutes } from './modules/main/users/users.routes.ts';
import { passwordResetRoutes } from './modules/main/password-reset/password-reset.routes.ts';
import { notificationsRoutes } from './modules/platform/notifications/notifications.routes.ts';
import { mailRoutes } from './modules/platform/mail/mail.routes.ts';
import { jobsRoutes } from './modules/platform/queue/jobs.routes.ts';
import { webhooksRoutes } from './modules/platform/webhooks/webhooks.routes.ts';
import { auditRoutes } from './modules/platform/audit/audit.routes.ts';

export const SERVICE_MODULES: Record<ServiceName, FastifyPluginAsync[]> = {
  main: [
    healthRoutes,
    authRoutes,
    twoFactorRoutes,
    accountRoutes,
    sessionRoutes,
    onboardingRoutes,
    activationRoutes,
    usersRoutes,
    businessesRoutes,
    businessCalendarRoutes,
    projectsRoutes,
    teamsRoutes,
    teamMembersRoutes,
    importsRoutes,
    invitationsRoutes,
    kiosksRoutes,
    ssoRoutes,
    apiTokensRoutes,
    membersRoutes,
    transfersRoutes,
    exportLinkFilesRoutes,
    sharedInspectionsRoutes,
    passwordResetRoutes,
    // The platform serves every base; its routes live under the main one.
    notificationsRoutes,
    mailRoutes,
    jobsRoutes,
    pushRoutes,
    webhooksRoutes,
    auditRoutes,
  ],
  workflow: [
    tasksRoutes,
    templatesRoutes,
    actionsRoutes,
    sectionsRoutes,
    tagsRoutes,
    executionPlansRoutes,
    schedulesRoutes,
    poolRoutes,
    actionResultsRoutes,
    reportsRoutes,
    liveFeedRoutes,
    exportLinksRoutes,
    inspectionReportsRoutes,
    photoReviewsRoutes,
  ],
  helpdesk: [
    ticketsRoutes,
    ticketStatusRoutes,
    ticketAttachmentsRoutes,
    ticketCommentsRoutes,
    ticketHistoryRoutes,
    ticketCategoriesRoutes,
    ticketAssignmentRoutes,
    ticketRoutingRoutes,
    slaPoliciesRoutes,
    slaReportRoutes,
  ],
};

// An inspection: one schedule's answers read with the task version they were given to, and their
// score (DESIGN §13). `GET /schedules/{id}/inspection` answers it; the report and its PDF draw it.
import { z } from 'zod';
import { actionResult } from './answers.ts';
import { email } from './common.ts';
import { INSPECTION_MAIL_MAX_TO, INSPECTION_SHARE_MAX_DAYS } from './limits.ts';
import { maxMessage, minMessage } from './messages.ts';
import { schedule } from './schedules.ts';
import { action, section } from './tasks.ts';

/** A section as the version keeps it: its place is its place in the list. */
export const versionSection = section.omit({ taskId: true, order: true });
export type VersionSection = z.infer<typeof versionSection>;

/** An action as the version keeps it: its place is its place in the list; tags are not part of it. */
export const versionAction = action
  .omit({ taskId: true, order: true, tags: true })
  // Absent when the instruction had no image (versions kept before images read so too).
  .extend({ image: action.shape.image.optional() });
export type VersionAction = z.infer<typeof versionAction>;

/** A task's content as one version: its names, pass mark, sections and actions in order. */
export const taskVersionContent = z.object({
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  passMark: z.number().nullable(),
  sections: z.array(versionSection),
  actions: z.array(versionAction),
});
export type TaskVersionContent = z.infer<typeof taskVersionContent>;

const pointsTotal = { achieved: z.number(), possible: z.number(), percent: z.number().nullable() };
export const inspectionScore = z.object({
  ...pointsTotal,
  sections: z.array(z.object({ sectionId: z.number().nullable(), ...pointsTotal })),
  passed: z.boolean().nullable(),
  failed: z.array(z.number()),
});

export const inspection = z.object({
  schedule,
  /** The task version the schedule was answered with; null before its first answer. */
  version: z.object({ id: z.number(), number: z.number(), content: taskVersionContent }).nullable(),
  /** The latest answer to each action, in the version's order; hidden actions have none. */
  answers: z.array(actionResult),
  /** Null when the version scores nothing or no counted answer came yet. */
  score: inspectionScore.nullable(),
});
export type Inspection = z.infer<typeof inspection>;

/**
 * One inspection's report (`GET /schedules/{id}/inspection/report`, and the shared page's
 * `GET /api/shared/inspections/{token}`): the inspection, the business it belongs to as its cover
 * shows it, and the member's position at the site. Through a shared link, the answers' files are
 * addresses of that link, so they open without a sign-in.
 */
export const inspectionReport = z.object({
  business: z.object({ name: z.string(), colour: z.string(), logo: z.string().nullable(), timeZone: z.string() }),
  /** The member's position at the site (else in the business), as the business wrote it. */
  position: z.string().nullable(),
  inspection,
});
export type InspectionReport = z.infer<typeof inspectionReport>;

export const REPORT_LANGUAGES = ['en', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const reportLanguageQuery = z.object({ lang: z.enum(REPORT_LANGUAGES).default('en') });

/** `POST /schedules/{id}/inspection/mail`: the report as a PDF to these addresses, in this language. */
export const inspectionMailRequest = z.object({
  to: z.array(email).min(1, minMessage(1)).max(INSPECTION_MAIL_MAX_TO, maxMessage(INSPECTION_MAIL_MAX_TO)),
  language: z.enum(REPORT_LANGUAGES),
});
export type InspectionMailRequest = z.infer<typeof inspectionMailRequest>;

/** `POST /schedules/{id}/inspection/shares`: how many days the link works unless revoked. */
export const inspectionShareRequest = z.object({
  days: z.number().int().min(1, minMessage(1)).max(INSPECTION_SHARE_MAX_DAYS, maxMessage(INSPECTION_SHARE_MAX_DAYS)).optional(),
});
export type InspectionShareRequest = z.infer<typeof inspectionShareRequest>;

export const inspectionShare = z.object({
  id: z.number(),
  scheduleId: z.number(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type InspectionShare = z.infer<typeof inspectionShare>;

/** A new link: its address is shown once (only its hash is kept). */
export const inspectionShareCreated = inspectionShare.extend({ url: z.string() });
export type InspectionShareCreated = z.infer<typeof inspectionShareCreated>;

// An inspection: one schedule's answers read with the task version they were given to, and their
// score (DESIGN §13). `GET /schedules/{id}/inspection` answers it; the report and its PDF draw it.
import { z } from 'zod';
import { ACTION_TYPES } from './enums.ts';
import { actionResult } from './answers.ts';
import { schedule } from './schedules.ts';
import { actionCriteria, actionOption, actionSettingsOut, answerRuleOut } from './tasks.ts';

export const versionSection = z.object({
  id: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  criteria: actionCriteria.nullable(),
});
export type VersionSection = z.infer<typeof versionSection>;

export const versionAction = z.object({
  id: z.number(),
  sectionId: z.number().nullable(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  type: z.enum(ACTION_TYPES),
  options: z.array(actionOption),
  required: z.boolean(),
  criteria: actionCriteria.nullable(),
  weight: z.number(),
  settings: actionSettingsOut,
  rules: z.record(z.string(), answerRuleOut),
});
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
